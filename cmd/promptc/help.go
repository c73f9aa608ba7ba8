package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
)

// commandHelp is one command's help: what `promptc CMD --help` and
// `promptc help CMD` print, and the record the reference documentation
// (docs/reference/commands.md) is generated from: helpTopics in this
// package, or `promptc help --json` from outside it.
type commandHelp struct {
	// Name is the command as typed after promptc: "build", "agents capture".
	Name string `json:"name"`
	// Usage are the usage lines, each starting "promptc NAME".
	Usage []string `json:"usage"`
	// Summary is one line: what the command does.
	Summary string `json:"summary"`
	// Description is one paragraph, unwrapped.
	Description string `json:"description"`
	// Flags are the command's own flags, in the order --help lists them.
	Flags []flagHelp `json:"flags"`
	// PipelineFlags is true for a command that also takes the flags the
	// selected pipeline's params bind (--help lists them; 'promptc params'
	// too).
	PipelineFlags bool `json:"pipeline_flags"`
	// Exit are the exit statuses the command can end with.
	Exit []exitHelp `json:"exit"`
	// Examples are command lines that work as written in a directory with
	// an AGENTS.md (TestHelpExamples runs each in a sandbox).
	Examples []exampleHelp `json:"examples"`

	// flags are the definitions Flags is made of.
	flags []flagDef
}

// flagHelp is one flag as --help lists it.
type flagHelp struct {
	// Flag is the flag as typed, with its short alias and metavar:
	// "-t, --tools a,b,c".
	Flag string `json:"flag"`
	// Name is the long name without dashes.
	Name string `json:"name"`
	// Default is the value in force when the flag is not given, when the
	// help states one ("(default X)" or "X (default)").
	Default string `json:"default,omitempty"`
	// Repeatable is true for a flag that may be given more than once.
	Repeatable bool `json:"repeatable,omitempty"`
	// Help says what the flag does.
	Help string `json:"help"`
}

// exitHelp is one exit status and what it means.
type exitHelp struct {
	Code    int    `json:"code"`
	Meaning string `json:"meaning"`
}

// exampleHelp is one example command line.
type exampleHelp struct {
	// Says is what the example does, printed as a comment above it.
	Says string `json:"says"`
	// Command is a shell command line starting with promptc.
	Command string `json:"command"`
	// Exit is the status the example ends with (0 unless it shows a
	// failure).
	Exit int `json:"exit,omitempty"`
	// want is a regular expression the example's standard output
	// matches when it does what Says says, lacks one it does not match
	// (checked by TestHelpExamples).
	want, lacks string
}

// pipelineCommands print their help through openSession, which knows the
// selected pipeline's flags.
var pipelineCommands = [...]string{"build", "expand", "explain", "graph", "config"}

func isPipelineCommand(name string) bool {
	for _, c := range pipelineCommands {
		if c == name {
			return true
		}
	}
	return false
}

// helpTopic is the help of command name, with its Flags filled in.
func helpTopic(name string) (commandHelp, bool) {
	for _, h := range helpTopics() {
		if h.Name == name {
			return h, true
		}
	}
	return commandHelp{}, false
}

// helpTopicNames are the names of every topic, in the order of
// helpTopics.
func helpTopicNames() []string {
	var out []string
	for _, h := range helpTopics() {
		out = append(out, h.Name)
	}
	return out
}

// withFlags fills h.Flags from h.flags.
func (h commandHelp) withFlags() commandHelp {
	h.Flags = make([]flagHelp, 0, len(h.flags))
	for _, d := range h.flags {
		h.Flags = append(h.Flags, flagHelpOf(d))
	}
	return h
}

func flagHelpOf(d flagDef) flagHelp {
	help := strings.TrimSuffix(flagText(d), ".")
	return flagHelp{Flag: flagLeft(d), Name: d.name, Default: defaultOf(help), Repeatable: d.kind == listFlag, Help: help}
}

// flagText is d's help, or, for a definition that gives none (a command
// that reuses a flag of the pipeline commands), the pipeline commands'.
func flagText(d flagDef) string {
	if d.help != "" {
		return d.help
	}
	for _, c := range commonFlags {
		if c.name == d.name {
			return c.help
		}
	}
	return ""
}

// defaultOf finds the default a flag's help states: "(default X)",
// "(default: X)", "(default X; ...)" or "X (default)".
func defaultOf(help string) string {
	if i := strings.Index(help, "(default"); i >= 0 {
		rest := help[i+len("(default"):]
		if strings.HasPrefix(rest, ")") { // "X (default)": the word before
			words := strings.Fields(help[:i])
			if len(words) == 0 {
				return ""
			}
			return strings.TrimSuffix(words[len(words)-1], ",")
		}
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, ":"), " ")
		end := strings.IndexAny(rest, ";)")
		if end < 0 {
			return ""
		}
		return strings.TrimSpace(rest[:end])
	}
	return ""
}

// wantsHelp reports whether args (after promptc) ask for a command's
// help that is printed without reading a pipeline, and which topic:
// --help, -help or -h before any "--" of a command that is not a
// pipeline command. A pipeline command's --help goes through
// openSession, which adds the selected pipeline's flags.
func wantsHelp(args []string) (string, bool) {
	if len(args) == 0 || isPipelineCommand(args[0]) {
		return "", false
	}
	name, rest := args[0], args[1:]
	if name == "agents" && len(rest) > 0 && rest[0] == "capture" {
		name, rest = "agents capture", rest[1:]
	}
	if _, ok := helpTopic(name); !ok {
		return "", false
	}
	for _, a := range rest {
		switch a {
		case "--":
			return "", false
		case "--help", "-help", "-h":
			return name, true
		}
	}
	return "", false
}

// cmdHelp is promptc help [CMD...] [--json]: the usage; one command's
// help (the same as promptc CMD --help); or, with --json, every
// command's help as data (the reference documentation's source).
func cmdHelp(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	if len(args) == 0 {
		_, err := io.WriteString(stdout, usage)
		return err
	}
	if len(args) == 1 && args[0] == "--json" {
		all := helpTopics()
		for i := range all {
			all[i] = all[i].withFlags()
		}
		return writeJSON(stdout, all)
	}
	name := strings.Join(args, " ")
	h, ok := helpTopic(name)
	if !ok {
		msg := fmt.Sprintf("no help for %q (commands: %s)", name, strings.Join(helpTopicNames(), ", "))
		if s := diag.DidYouMean(name, helpTopicNames()); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return usageError{msg}
	}
	if isPipelineCommand(h.Name) {
		code := run(ctx, []string{h.Name, "--help"}, stdout, stderr, e)
		if code != exitOK {
			return failedError{}
		}
		return nil
	}
	return writeTopic(stdout, h, nil)
}

// writeHelp prints the help of pipeline command cmd, whose own flags are
// own, with the flags and environment variables of plan's params.
func writeHelp(w io.Writer, cmd string, own []flagDef, plan *engine.Plan) error {
	h, ok := helpTopic(cmd)
	if !ok {
		h = commandHelp{Name: cmd, Usage: []string{"promptc " + cmd + " [flags]"}, Exit: pipelineExit()}
	}
	h.flags = own
	return writeTopic(w, h, plan)
}

// writeTopic prints h: usage, summary and description, flags (with
// plan's, when given), exit statuses and examples.
func writeTopic(w io.Writer, h commandHelp, plan *engine.Plan) error {
	var b strings.Builder
	for i, u := range h.Usage {
		if i == 0 {
			b.WriteString("Usage: " + u + "\n")
		} else {
			b.WriteString("       " + u + "\n")
		}
	}
	if h.Summary != "" {
		b.WriteString("\n" + h.Summary + "\n")
	}
	if h.Description != "" {
		b.WriteString("\n" + wrapText(h.Description, 76, "") + "\n")
	}
	var pf []flagDef
	if plan != nil {
		pf = pipelineFlags(plan)
	}
	width := flagWidth(append(append([]flagDef(nil), h.flags...), pf...))
	if len(h.flags) > 0 {
		b.WriteString("\nFlags:\n")
		writeFlags(&b, h.flags, width)
	}
	if plan != nil {
		name := plan.Spec().Name
		if len(pf) > 0 {
			fmt.Fprintf(&b, "\nFlags of pipeline %s (they set its params; 'promptc params --pipeline %s' lists them):\n", name, name)
			writeFlags(&b, pf, width)
		}
		if envs := envNames(plan); len(envs) > 0 {
			fmt.Fprintf(&b, "\nEnvironment read by pipeline %s: %s.\n", name, strings.Join(envs, ", "))
		}
	} else if h.PipelineFlags {
		b.WriteString("\nThe selected pipeline adds the flags its params bind ('promptc build --help' lists them).\n")
	}
	if len(h.Exit) > 0 {
		b.WriteString("\nExit status:\n")
		for _, x := range h.Exit {
			fmt.Fprintf(&b, "  %-3d %s\n", x.Code, x.Meaning)
		}
	}
	if len(h.Examples) > 0 {
		b.WriteString("\nExamples:\n")
		for i, ex := range h.Examples {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(wrapText(ex.Says, 76, "  # ") + "\n")
			b.WriteString("  " + ex.Command + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// wrapText breaks text into lines of at most width bytes (a longer word
// stays whole), each starting with prefix.
func wrapText(text string, width int, prefix string) string {
	var b strings.Builder
	line := prefix
	for _, word := range strings.Fields(text) {
		if line != prefix && len(line)+1+len(word) > width {
			b.WriteString(line + "\n")
			line = prefix
		}
		if line != prefix {
			line += " "
		}
		line += word
	}
	b.WriteString(line)
	return b.String()
}

// flagLeft is a flag as --help shows it: "-t, --tools a,b,c".
func flagLeft(d flagDef) string {
	left := "--" + d.name
	if len(d.name) == 1 {
		left = "-" + d.name
	}
	if d.short != "" {
		left = "-" + d.short + ", " + left
	}
	if d.kind != boolFlag {
		mv := d.metavar
		if mv == "" {
			mv = "VALUE"
		}
		left += " " + mv
	}
	return left
}

func flagWidth(defs []flagDef) int {
	w := 0
	for _, d := range defs {
		w = max(w, len(flagLeft(d)))
	}
	return w
}

func writeFlags(b *strings.Builder, defs []flagDef, width int) {
	for _, d := range defs {
		help := strings.TrimSuffix(flagText(d), ".")
		if d.kind == listFlag && !strings.Contains(help, "repeatable") {
			help += " (repeatable)"
		}
		fmt.Fprintf(b, "  %-*s  %s\n", width, flagLeft(d), help)
	}
}

// envNames lists the environment variables plan's params read, sorted.
func envNames(plan *engine.Plan) []string {
	seen := map[string]bool{}
	for _, p := range plan.Params() {
		for _, bs := range p.Bind {
			if bs.Env != "" {
				seen[bs.Env] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// writeNamedHelp prints the help of command name, which reads no
// pipeline.
func writeNamedHelp(w io.Writer, name string) error {
	h, ok := helpTopic(name)
	if !ok {
		_, err := io.WriteString(w, usage)
		return err
	}
	return writeTopic(w, h, nil)
}
