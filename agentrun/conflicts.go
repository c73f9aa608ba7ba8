package agentrun

import (
	"fmt"
	"strings"
)

// Conflicts refuses agent arguments that would take the hand-over's place,
// so that promptc's prompt (and any locked section in it) is never
// silently dropped: Claude Code's own --system-prompt[-file] or
// --append-system-prompt[-file] for the flag the mode uses, Codex's own
// -c/--config for the key the mode sets, and in replace mode an opencode
// --agent other than build (only build's prompt is replaced). The error
// is an *Error with ExitLayerMismatch.
func Conflicts(a Agent, m Mode, args []string) error {
	refuse := func(arg, why string) error {
		return &Error{Code: ExitLayerMismatch, Msg: fmt.Sprintf("the agent argument %q %s, so promptc's prompt would not reach %s; drop it (or put its text in a layer)", arg, why, a.Name)}
	}
	for i, arg := range args {
		next := ""
		if i+1 < len(args) {
			next = args[i+1]
		}
		name, val, hasVal := strings.Cut(arg, "=")
		if !hasVal {
			val = next
		}
		switch a.Command {
		case "claude":
			own := map[Mode][]string{Replace: {"--system-prompt", "--system-prompt-file"}, Add: {"--append-system-prompt", "--append-system-prompt-file"}}[m]
			for _, f := range own {
				if name == f {
					return refuse(arg, "sets the same prompt as promptc's "+a.Hook(m))
				}
			}
		case "codex":
			if name != "-c" && name != "--config" {
				continue
			}
			key := strings.TrimSpace(strings.SplitN(val, "=", 2)[0])
			if key == "developer_instructions" && m == Add || key == "model_instructions_file" && m == Replace || key == "instructions" {
				return refuse(arg+" "+val, "sets "+key+", promptc's hook")
			}
		case "opencode":
			if m == Replace && (name == "--agent") && val != "build" {
				return refuse(arg, "picks another agent than build, whose prompt promptc replaces")
			}
		}
	}
	return nil
}

// Hook names the hook mode m uses.
func (a Agent) Hook(m Mode) string {
	if m == Replace {
		return a.ReplaceHook
	}
	return a.AddHook
}
