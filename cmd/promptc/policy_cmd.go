package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/host"
)

// cmdPolicy prints the policy the system and user layers put in force
// (package policy): which sections are locked, required or final and by which
// layer, and on_failure, block or fallback. It compiles nothing, so it
// answers when a build would fail; integrations ask it before deciding
// to fall back. --json prints the report as data. A layer that exists but
// cannot be read is an I/O error (exit 3): policy may be in it.
func cmdPolicy(args []string, stdout io.Writer, e env) error {
	asJSON := false
	for _, a := range args {
		switch a {
		case "--json":
			asJSON = true
		default:
			return usageError{fmt.Sprintf("policy: unknown argument %q (policy takes only --json)", a)}
		}
	}
	r, err := host.Policy(e)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, r)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "on_failure: %s", r.OnFailure)
	if r.OnFailureBy != "" {
		fmt.Fprintf(&b, " (set at %s)", r.OnFailureBy)
	}
	b.WriteString("\n")
	for _, s := range r.Sections {
		var marks []string
		if s.Locked {
			marks = append(marks, "locked")
		}
		if s.Required {
			marks = append(marks, "required")
		}
		if s.Final {
			marks = append(marks, "final")
		}
		fmt.Fprintf(&b, "%s: %s by %s\n", s.ID, strings.Join(marks, ", "), s.At)
	}
	for _, u := range r.Unreadable {
		fmt.Fprintf(&b, "unreadable: %s\n", u.Error)
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}
