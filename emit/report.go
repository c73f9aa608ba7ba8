package emit

import (
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/internal/junit"
)

// WriteText prints the check for people: the files, then per agent and
// per directory what it loads and why not, then the findings.
func (r *CheckReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "promptc emit --check: %s (%s scope)\n\nfiles:\n", r.Root, r.Scope)
	for _, f := range r.Files {
		fmt.Fprintf(&b, "  %-8s %s", f.State, f.Path)
		if f.Reason != "" {
			fmt.Fprintf(&b, ": %s", f.Reason)
		}
		b.WriteString("\n")
	}
	b.WriteString("\nagents:\n")
	for _, a := range r.Agents {
		fmt.Fprintf(&b, "  %s (%s)\n", a.Agent, a.Note)
		for _, f := range a.Files {
			fmt.Fprintf(&b, "    %s\n", f)
		}
		for _, d := range a.Dirs {
			var loads []string
			for _, s := range d.Rules {
				if s.Status == StLoads {
					loads = append(loads, s.Rule)
				}
			}
			fmt.Fprintf(&b, "    from %s: loads %s\n", d.Dir, orNone(loads))
			fmt.Fprintf(&b, "      files: %s\n", orNone(d.Files))
			for _, s := range d.Rules {
				if s.Status == StLoads && s.Reason == "" {
					continue
				}
				fmt.Fprintf(&b, "      %s %s: %s\n", s.Status, s.Rule, s.Reason)
			}
			if len(d.Elsewhere) > 0 {
				fmt.Fprintf(&b, "      elsewhere (in nested files below, which %s reads from there): %s\n", a.Agent, listSome(d.Elsewhere, elsewhereShown))
			}
		}
	}
	if len(r.Findings) > 0 {
		b.WriteString("\nfindings:\n")
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "  %s\n", f)
		}
	}
	if r.Failed {
		b.WriteString("\nFAIL\n")
	} else {
		b.WriteString("\nok\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// elsewhereShown is how many rules of nested files the text report names
// for a directory; --json lists them all.
const elsewhereShown = 8

// listSome joins the first n of s, and says how many more there are.
func listSome(s []string, n int) string {
	if len(s) <= n {
		return strings.Join(s, ", ")
	}
	return fmt.Sprintf("%s and %d more (--json lists them)", strings.Join(s[:n], ", "), len(s)-n)
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}

// addCase adds c to s and counts it.
func addCase(s *junit.Suite, c junit.Case) {
	s.Cases = append(s.Cases, c)
	s.Tests++
	switch {
	case c.Failure != nil:
		s.Failures++
	case c.Skipped != nil:
		s.Skipped++
	}
}

// WriteJUnit writes the check as JUnit XML: one test suite per agent
// (and one for the files and findings), one test case per rule and
// directory, for CI reporters.
func (r *CheckReport) WriteJUnit(w io.Writer) error {
	files := junit.Suite{Name: "promptc-emit.files"}
	for _, f := range r.Files {
		c := junit.Case{Name: f.Path, Classname: "files"}
		if f.State != "ok" {
			c.Failure = &junit.Problem{Message: f.State + ": " + f.Reason, Type: f.State}
		}
		addCase(&files, c)
	}
	for _, f := range r.Findings {
		c := junit.Case{Name: f.Code + " " + f.Path + f.Rule, Classname: "findings"}
		switch f.Severity {
		case "error":
			c.Failure = &junit.Problem{Message: f.Message, Type: f.Code}
		default:
			c.Skipped = &junit.Problem{Message: f.Severity + ": " + f.Message}
		}
		addCase(&files, c)
	}
	out := junit.Suites{Name: "promptc emit --check", Suites: []junit.Suite{files}}
	for _, a := range r.Agents {
		s := junit.Suite{Name: "promptc-emit." + a.Agent}
		for _, f := range a.Files {
			addCase(&s, junit.Case{Name: f, Classname: a.Agent, Skipped: &junit.Problem{Message: a.Note}})
		}
		for _, d := range a.Dirs {
			for _, st := range d.Rules {
				c := junit.Case{Name: st.Rule + " from " + d.Dir, Classname: a.Agent}
				switch st.Status {
				case StSkips:
					c.Failure = &junit.Problem{Message: st.Reason, Type: "not-received"}
				case StOnDemand:
					c.Skipped = &junit.Problem{Message: st.Status + ": " + st.Reason}
				}
				addCase(&s, c)
			}
		}
		out.Suites = append(out.Suites, s)
	}
	for _, s := range out.Suites {
		out.Tests += s.Tests
		out.Failures += s.Failures
	}
	return junit.Write(w, out)
}
