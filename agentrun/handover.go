package agentrun

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Handover is what points a CLI at promptc's prompt: arguments placed
// before the user's and environment variables set for the CLI.
type Handover struct {
	Args []string
	Env  []string // KEY=VALUE, each replacing the variable of that name
}

// Prepare writes text into dir (private, made by NewPrivateDir) and returns
// the hand-over for agent a in mode m. environ is the environment the CLI
// will get (opencode's config content is merged into, not replaced).
// For an agent whose add mode needs the base (AddNeedsBase), text must
// already hold the base followed by the sections.
func Prepare(a Agent, m Mode, text, dir string, environ []string) (Handover, error) {
	write := func(name string) (string, error) {
		p := filepath.Join(dir, name)
		return p, os.WriteFile(p, []byte(text), 0o600)
	}
	switch a.Command {
	case "claude":
		flag := "--append-system-prompt-file"
		if m == Replace {
			flag = "--system-prompt-file"
		}
		p, err := write("system-prompt.md")
		return Handover{Args: []string{flag, p}}, err
	case "codex":
		if m == Add {
			arg := "developer_instructions=" + tomlString(text)
			if len(arg) >= maxArg {
				return Handover{}, &Error{Code: ExitLayerMismatch, Msg: fmt.Sprintf("the sections to add are %d bytes: Codex takes developer_instructions only as an argument, and Linux caps one argument at %d bytes; use --mode replace (a file) or a smaller layer", len(text), maxArg)}
			}
			return Handover{Args: []string{"-c", arg}}, nil
		}
		p, err := write("model-instructions.md")
		return Handover{Args: []string{"-c", "model_instructions_file=" + tomlString(p)}}, err
	case "gemini":
		if v, ok := lookupEnv(environ, "GEMINI_SYSTEM_MD"); ok && v != "" {
			return Handover{}, &Error{Code: ExitLayerMismatch, Msg: "GEMINI_SYSTEM_MD is already set (" + v + "): promptc run hands its prompt over through that variable; unset it, or make it a layer"}
		}
		p, err := write("system.md")
		return Handover{Env: []string{"GEMINI_SYSTEM_MD=" + p}}, err
	case "opencode":
		p, err := write("prompt.md")
		if err != nil {
			return Handover{}, err
		}
		content, err := opencodeContent(environ, m, p)
		return Handover{Env: []string{"OPENCODE_CONFIG_CONTENT=" + content}}, err
	}
	return Handover{}, fmt.Errorf("agentrun: no hand-over for %q", a.Command)
}

// maxArg is Linux's limit on one argument's length (MAX_ARG_STRLEN,
// 32 pages of 4 KiB, terminating NUL included).
const maxArg = 32*4096 - 1

// tomlString quotes s as a TOML basic string: JSON's escapes are TOML's,
// and HTML characters are left as they are.
func tomlString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// opencodeContent merges promptc's keys into the caller's
// $OPENCODE_CONFIG_CONTENT (opencode's highest config layer, merged over
// the user's and the project's files): add mode appends the file to
// `instructions` (opencode concatenates the layers' lists), replace mode
// sets the build agent's `prompt` to {file:PATH}.
func opencodeContent(environ []string, m Mode, path string) (string, error) {
	cfg := map[string]any{}
	if v, ok := lookupEnv(environ, "OPENCODE_CONFIG_CONTENT"); ok && strings.TrimSpace(v) != "" {
		if err := json.Unmarshal([]byte(v), &cfg); err != nil {
			return "", &Error{Code: ExitLayerMismatch, Msg: "OPENCODE_CONFIG_CONTENT is not a JSON object promptc can add to: " + err.Error()}
		}
	}
	if m == Add {
		list, _ := cfg["instructions"].([]any)
		cfg["instructions"] = append(list, path)
	} else {
		agent, _ := cfg["agent"].(map[string]any)
		if agent == nil {
			agent = map[string]any{}
		}
		build, _ := agent["build"].(map[string]any)
		if build == nil {
			build = map[string]any{}
		}
		build["prompt"] = "{file:" + path + "}"
		agent["build"] = build
		cfg["agent"] = agent
	}
	data, err := json.Marshal(cfg)
	return string(data), err
}

// lookupEnv finds key in a KEY=VALUE list; the last entry wins.
func lookupEnv(environ []string, key string) (string, bool) {
	val, found := "", false
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			val, found = v, true
		}
	}
	return val, found
}

// MergeEnv returns environ with each KEY=VALUE of set replacing the
// variable of that name (or added).
func MergeEnv(environ, set []string) []string {
	out := make([]string, 0, len(environ)+len(set))
	drop := map[string]bool{}
	for _, kv := range set {
		k, _, _ := strings.Cut(kv, "=")
		drop[k] = true
	}
	for _, kv := range environ {
		if k, _, _ := strings.Cut(kv, "="); !drop[k] {
			out = append(out, kv)
		}
	}
	return append(out, set...)
}
