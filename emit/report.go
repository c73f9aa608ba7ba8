package emit

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
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

func orNone(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}

// JUnit: one test suite per agent (and one for the files and findings),
// one test case per rule and directory, for CI reporters.
type jSuites struct {
	XMLName  xml.Name `xml:"testsuites"`
	Name     string   `xml:"name,attr"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"` // always 0: a check problem is a failure
	Suites   []jSuite `xml:"testsuite"`
}

type jSuite struct {
	Name     string  `xml:"name,attr"`
	Tests    int     `xml:"tests,attr"`
	Failures int     `xml:"failures,attr"`
	Errors   int     `xml:"errors,attr"`
	Skipped  int     `xml:"skipped,attr"`
	Cases    []jCase `xml:"testcase"`
}

type jCase struct {
	Name      string    `xml:"name,attr"`
	Classname string    `xml:"classname,attr"`
	Failure   *jFailure `xml:"failure,omitempty"`
	Skipped   *jFailure `xml:"skipped,omitempty"`
}

type jFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
}

func (s *jSuite) add(c jCase) {
	s.Cases = append(s.Cases, c)
	s.Tests++
	switch {
	case c.Failure != nil:
		s.Failures++
	case c.Skipped != nil:
		s.Skipped++
	}
}

// WriteJUnit writes the check as JUnit XML.
func (r *CheckReport) WriteJUnit(w io.Writer) error {
	files := jSuite{Name: "promptc-emit.files"}
	for _, f := range r.Files {
		c := jCase{Name: f.Path, Classname: "files"}
		if f.State != "ok" {
			c.Failure = &jFailure{Message: f.State + ": " + f.Reason, Type: f.State}
		}
		files.add(c)
	}
	for _, f := range r.Findings {
		c := jCase{Name: f.Code + " " + f.Path + f.Rule, Classname: "findings"}
		switch f.Severity {
		case "error":
			c.Failure = &jFailure{Message: f.Message, Type: f.Code}
		default:
			c.Skipped = &jFailure{Message: f.Severity + ": " + f.Message}
		}
		files.add(c)
	}
	out := jSuites{Name: "promptc emit --check", Suites: []jSuite{files}}
	for _, a := range r.Agents {
		s := jSuite{Name: "promptc-emit." + a.Agent}
		for _, f := range a.Files {
			s.add(jCase{Name: f, Classname: a.Agent, Skipped: &jFailure{Message: a.Note}})
		}
		for _, d := range a.Dirs {
			for _, st := range d.Rules {
				c := jCase{Name: st.Rule + " from " + d.Dir, Classname: a.Agent}
				switch st.Status {
				case StSkips:
					c.Failure = &jFailure{Message: st.Reason, Type: "not-received"}
				case StOnDemand, StOther:
					c.Skipped = &jFailure{Message: st.Status + ": " + st.Reason}
				}
				s.add(c)
			}
		}
		out.Suites = append(out.Suites, s)
	}
	for _, s := range out.Suites {
		out.Tests += s.Tests
		out.Failures += s.Failures
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
