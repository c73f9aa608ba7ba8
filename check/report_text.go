package check

import (
	"fmt"
	"io"
	"strings"
)

// Summary is the closing line of a run: "N passed, N failed" (and how
// many goldens were written).
func Summary(rs []Result) string {
	var pass, fail, upd int
	for _, r := range rs {
		switch r.Status {
		case Passed:
			pass++
		case Updated:
			upd++
		default:
			fail++
		}
	}
	s := fmt.Sprintf("%d passed, %d failed", pass, fail)
	if upd > 0 {
		s += fmt.Sprintf(", %d updated", upd)
	}
	return s
}

// OK reports whether every check passed or was updated.
func OK(rs []Result) bool {
	for _, r := range rs {
		if r.Status == Failed {
			return false
		}
	}
	return true
}

// WriteText prints one line per check, then for one that failed its
// findings (file:line: what changed) and its section-grouped diff, and
// the paths its build did not see; then the summary.
func WriteText(w io.Writer, rs []Result) error {
	var b strings.Builder
	for _, r := range rs {
		what := r.Check.Pipeline + " in " + r.Check.Rel
		switch r.Status {
		case Passed:
			fmt.Fprintf(&b, "ok      %s (%s)\n", r.Name, what)
		case Updated:
			fmt.Fprintf(&b, "updated %s (%s): wrote %s\n", r.Name, what, r.Golden)
		default:
			fmt.Fprintf(&b, "FAIL    %s (%s): %s\n", r.Name, what, firstLine(r.Message))
			for _, f := range r.Findings {
				fmt.Fprintf(&b, "    %s: %s\n", place(f), f.Message)
			}
			if r.Diff != nil {
				_ = r.Diff.Write(&b, "    ", display)
			}
		}
		for _, p := range r.Outside {
			fmt.Fprintf(&b, "    note: %s exists on this machine, outside the repository and the declared roots: the check did not read it (declare it in roots: to)\n", p)
		}
	}
	b.WriteString(Summary(rs) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// place is file:line, or file when there is no line.
func place(f Finding) string {
	if f.Line > 0 {
		return fmt.Sprintf("%s:%d", f.File, f.Line)
	}
	return f.File
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
