package agentrun

import (
	"fmt"
	"sort"
	"strings"
)

// Mode says what promptc's prompt does to the agent's own system prompt.
type Mode string

const (
	// Add keeps the agent's base prompt and adds promptc's sections.
	Add Mode = "add"
	// Replace puts promptc's prompt where the agent's base prompt was.
	Replace Mode = "replace"
)

// ParseMode reads a --mode value.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case Add, Replace:
		return Mode(s), nil
	}
	return "", fmt.Errorf("--mode %q: want add or replace", s)
}

// Agent is one CLI promptc can run.
type Agent struct {
	// Command is what users type (claude); Pipeline the built-in pipeline
	// of its instruction part (claude-code); Name the product's name.
	Command  string
	Pipeline string
	Name     string
	// Packages are the npm package names whose package.json carries the
	// CLI's version (the platform package first).
	Packages []string
	// Verified is the version whose hooks were verified in the real CLI;
	// an older version is refused.
	Verified string
	// AddHook and ReplaceHook name the documented hook each mode uses.
	AddHook, ReplaceHook string
	// AddNeedsBase: the agent has no append hook, so add mode replaces the
	// base with the captured base followed by promptc's sections.
	AddNeedsBase bool
}

// agents is the table of supported CLIs, by command.
func agents() map[string]Agent {
	return map[string]Agent{
		"claude": {
			Command: "claude", Pipeline: "claude-code", Name: "Claude Code",
			Packages: []string{"@anthropic-ai/claude-code-linux-x64", "@anthropic-ai/claude-code"},
			Verified: "2.1.332",
			AddHook:  "--append-system-prompt-file FILE", ReplaceHook: "--system-prompt-file FILE",
		},
		"codex": {
			Command: "codex", Pipeline: "codex", Name: "Codex CLI",
			Packages: []string{"@openai/codex"},
			Verified: "0.171.0",
			AddHook:  "-c developer_instructions=TEXT", ReplaceHook: "-c model_instructions_file=FILE",
		},
		"gemini": {
			Command: "gemini", Pipeline: "gemini-cli", Name: "Gemini CLI",
			Packages: []string{"@google/gemini-cli"},
			Verified: "0.61.0",
			AddHook:  "GEMINI_SYSTEM_MD=FILE (captured base + sections)", ReplaceHook: "GEMINI_SYSTEM_MD=FILE",
			AddNeedsBase: true,
		},
		"opencode": {
			Command: "opencode", Pipeline: "opencode", Name: "opencode",
			Packages: []string{"opencode-linux-x64", "opencode-ai"},
			Verified: "1.18.33",
			AddHook:  "OPENCODE_CONFIG_CONTENT instructions: [FILE]", ReplaceHook: "OPENCODE_CONFIG_CONTENT agent.build.prompt: {file:FILE}",
		},
	}
}

// Lookup finds an agent by its command (claude), its pipeline name
// (claude-code) or a versioned pipeline name (claude-code@2.1.332).
func Lookup(name string) (Agent, error) {
	base, _, _ := strings.Cut(name, "@")
	all := agents()
	if a, ok := all[base]; ok {
		return a, nil
	}
	for _, a := range all {
		if a.Pipeline == base {
			return a, nil
		}
	}
	return Agent{}, &Error{Code: ExitUnknownAgent, Msg: fmt.Sprintf("unknown agent %q (known: %s)", name, strings.Join(Names(), ", "))}
}

// Names lists the agents' commands and pipeline names, sorted.
func Names() []string {
	var out []string
	for _, a := range agents() {
		out = append(out, a.Command)
		if a.Pipeline != a.Command {
			out = append(out, a.Pipeline)
		}
	}
	sort.Strings(out)
	return out
}
