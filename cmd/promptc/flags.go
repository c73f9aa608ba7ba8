package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// flagKind says how a flag takes its value.
type flagKind int

const (
	boolFlag   flagKind = iota // no value
	stringFlag                 // one value, last wins
	listFlag                   // repeatable, values kept in order
)

type flagDef struct {
	name string
	kind flagKind
	help string
}

// buildFlags are shared by build, expand, explain-like commands. Names and
// meaning follow pi's CLI (see README).
var buildFlags = []flagDef{
	{"pipeline", stringFlag, "pipeline NAME (built in) or FILE; default \"default\" (pi 0.83.0)"},
	{"overlay", listFlag, "overlay FILE merged over the pipeline (repeatable)"},
	{"set", listFlag, "override KEY=VALUE in the pipeline (repeatable; VALUE is YAML)"},
	{"param", listFlag, "set pipeline param NAME=VALUE (repeatable; VALUE is YAML)"},
	{"params", stringFlag, "JSON or YAML file of param values"},
	{"cwd", stringFlag, "working directory to assemble for (default: the process cwd)"},
	{"agent-dir", stringFlag, "pi's global dir (default $PI_CODING_AGENT_DIR or ~/.pi/agent)"},
	{"tools", stringFlag, "tool allowlist a,b,c"},
	{"exclude-tools", stringFlag, "tool denylist a,b"},
	{"no-tools", boolFlag, "no tool active"},
	{"no-builtin-tools", boolFlag, "no built-in tool active"},
	{"system-prompt", stringFlag, "custom body: TEXT or FILE (disables SYSTEM.md discovery)"},
	{"append-system-prompt", listFlag, "appended text: TEXT or FILE (repeatable; disables APPEND_SYSTEM.md discovery)"},
	{"no-context-files", boolFlag, "load no AGENTS.md/CLAUDE.md"},
	{"no-skills", boolFlag, "no skill discovery (--skill paths still load)"},
	{"no-prompt-templates", boolFlag, "no prompt-template discovery"},
	{"skill", listFlag, "skill file or directory (repeatable)"},
	{"prompt-template", listFlag, "prompt template file or directory (repeatable)"},
	{"approve", boolFlag, "trust the project"},
	{"no-approve", boolFlag, "do not trust the project"},
	{"json", boolFlag, "print the full Result as JSON"},
	{"help", boolFlag, "show help"},
}

// parsed holds a command line after parsing.
type parsed struct {
	given map[string]bool
	str   map[string]string
	lists map[string][]string
	args  []string
	order []string // flag names in the order they appeared
	defs  map[string]flagDef
}

func (p *parsed) has(name string) bool      { return p.given[name] }
func (p *parsed) get(name string) string    { return p.str[name] }
func (p *parsed) list(name string) []string { return p.lists[name] }

// usageError is a command-line mistake (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// parseFlags parses args with defs. A flag that takes a value always takes
// the next argument, even when it is empty or starts with "-". "--name=value"
// is accepted too. "--" ends the flags; other arguments are positional.
func parseFlags(args []string, defs []flagDef) (*parsed, error) {
	p := &parsed{given: map[string]bool{}, str: map[string]string{}, lists: map[string][]string{}, defs: map[string]flagDef{}}
	for _, d := range defs {
		p.defs[d.name] = d
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			p.args = append(p.args, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			p.args = append(p.args, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		value, hasValue := "", false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, value, hasValue = name[:j], name[j+1:], true
		}
		d, ok := p.defs[name]
		if !ok {
			return nil, usageError{fmt.Sprintf("unknown flag %s%s", a[:len(a)-len(strings.TrimLeft(a, "-"))], name)}
		}
		if d.kind == boolFlag {
			if hasValue {
				return nil, usageError{fmt.Sprintf("flag --%s takes no value", name)}
			}
		} else if !hasValue {
			if i+1 >= len(args) {
				return nil, usageError{fmt.Sprintf("flag --%s needs a value", name)}
			}
			i++
			value = args[i]
		}
		p.given[name] = true
		p.order = append(p.order, name)
		switch d.kind {
		case stringFlag:
			p.str[name] = value
		case listFlag:
			p.lists[name] = append(p.lists[name], value)
		}
	}
	return p, nil
}

// splitList splits a comma list the way pi does: names trimmed, empty
// names dropped. The result is never nil, so "--tools ”" is an empty
// allowlist rather than no allowlist.
func splitList(s string) []string {
	out := []string{}
	for _, part := range strings.Split(s, ",") {
		if t := jsstr.Trim(part); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// parseCommand parses a subcommand's flags. It handles --help (usage on
// stdout; done is true) and, when maxArgs >= 0, rejects more positional
// arguments than that.
func parseCommand(name string, args []string, defs []flagDef, maxArgs int, stdout io.Writer) (p *parsed, done bool, err error) {
	p, err = parseFlags(args, defs)
	if err != nil {
		return nil, false, err
	}
	if p.has("help") {
		_, err := io.WriteString(stdout, usage)
		return nil, true, err
	}
	if maxArgs >= 0 && len(p.args) > maxArgs {
		return nil, false, usageError{fmt.Sprintf("%s takes no arguments, got %q", name, p.args[maxArgs])}
	}
	return p, false, nil
}
