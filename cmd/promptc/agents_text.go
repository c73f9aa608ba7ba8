package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/host"
)

// writeAgentsText prints the view: a summary table, then each agent's
// files and skipped files.
func writeAgentsText(w io.Writer, v *host.AgentsView) error {
	var b strings.Builder
	fmt.Fprintf(&b, "promptc agents: the instruction files each agent loads in %s (tokens: %s)\n\n", v.Cwd, v.Tokenizer)
	nw := len("agent")
	for _, a := range v.Agents {
		nw = max(nw, len(a.Agent))
	}
	fmt.Fprintf(&b, "  %-*s  %5s  %7s  %6s  %s\n", nw, "agent", "files", "skipped", "tokens", "where the files go")
	for _, a := range v.Agents {
		fmt.Fprintf(&b, "  %-*s  %5d  %7d  %6d  %s\n", nw, a.Agent, len(a.Files), len(a.Skipped), a.Tokens, a.Where)
	}
	for _, a := range v.Agents {
		fmt.Fprintf(&b, "\n%s (pipeline %s): %d bytes, %d tokens\n", a.Agent, a.Pipeline, a.Bytes, a.Tokens)
		pw := 0
		for _, f := range a.Files {
			pw = max(pw, len(f.Path))
		}
		if len(a.Files) == 0 {
			b.WriteString("  loads nothing\n")
		}
		for i, f := range a.Files {
			cut := ""
			if f.Truncated {
				cut = "  cut at the cap"
			}
			fmt.Fprintf(&b, "  %d  %-*s  %6d bytes  %5d tokens%s\n", i+1, pw, f.Path, f.Bytes, f.Tokens, cut)
		}
		if len(a.Skipped) > 0 {
			b.WriteString("  skipped:\n")
		}
		for _, s := range a.Skipped {
			line := "     " + s.Path + "  " + s.Reason
			if s.Detail != "" {
				line += " (" + s.Detail + ")"
			}
			b.WriteString(line + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
