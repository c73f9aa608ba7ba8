package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/promptc/promptc/engine"
)

// commandSynopsis is the usage line and summary of each pipeline command.
var commandSynopsis = map[string][2]string{
	"build":   {"promptc build [flags]", "Print the system prompt."},
	"expand":  {"promptc expand [flags] [--] LINE", "Print the user message after /skill: and prompt-template expansion."},
	"explain": {"promptc explain [flags]", "Explain the prompt: sections, sources, why not, tokens, cache, drift."},
	"graph":   {"promptc graph [flags]", "Draw the compiled pipeline (with input flags: mark what was active)."},
	"config":  {"promptc config [flags]", "Print the configuration layers and the merged pipeline (--show-origin: where each value was set)."},
	"serve":   {"promptc serve --stdio | --listen ADDR... [--root DIR...] [flags]", "Answer build and explain requests (JSON) turn after turn, keeping warm builders."},
}

// writeHelp prints a command's usage: promptc's own flags, then (for a
// pipeline command, plan != nil) the flags and environment variables of
// the selected pipeline's params.
func writeHelp(w io.Writer, cmd string, own []flagDef, plan *engine.Plan) error {
	var b strings.Builder
	syn := commandSynopsis[cmd]
	fmt.Fprintf(&b, "Usage: %s\n\n%s\n\nFlags:\n", syn[0], syn[1])
	var pf []flagDef
	if plan != nil {
		pf = pipelineFlags(plan)
	}
	width := flagWidth(append(append([]flagDef(nil), own...), pf...))
	writeFlags(&b, own, width)
	if plan == nil {
		_, err := io.WriteString(w, b.String())
		return err
	}
	name := plan.Spec().Name
	if len(pf) > 0 {
		fmt.Fprintf(&b, "\nFlags of pipeline %s (they set its params; 'promptc params --pipeline %s' lists them):\n", name, name)
		writeFlags(&b, pf, width)
	}
	if envs := envNames(plan); len(envs) > 0 {
		fmt.Fprintf(&b, "\nEnvironment read by pipeline %s: %s.\n", name, strings.Join(envs, ", "))
	}
	b.WriteString("\nExit status: 0 ok, 1 pipeline errors, 2 usage errors, 3 I/O or internal errors.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// flagLeft is a flag as --help shows it: "-t, --tools a,b,c".
func flagLeft(d flagDef) string {
	left := "--" + d.name
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
		help := strings.TrimSuffix(d.help, ".")
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
