package casetest

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Report is the outcome of a run, as promptc test --json prints it.
type Report struct {
	Passed  int      `json:"passed"`
	Failed  int      `json:"failed"`
	Updated int      `json:"updated,omitempty"`
	Cases   []Result `json:"cases"`
}

// NewReport counts results. A case whose want Update rewrote counts as
// updated, not failed.
func NewReport(results []Result) *Report {
	r := &Report{Cases: results}
	if r.Cases == nil {
		r.Cases = []Result{}
	}
	for _, res := range results {
		switch {
		case res.Status == Passed:
			r.Passed++
		case res.Updated:
			r.Updated++
		default:
			r.Failed++
		}
	}
	return r
}

// OK reports whether no case is left failing.
func (r *Report) OK() bool { return r.Failed == 0 }

// Summary is the closing line: "N passed, N failed" (and how many were
// updated, if any).
func (r *Report) Summary() string {
	s := fmt.Sprintf("%d passed, %d failed", r.Passed, r.Failed)
	if r.Updated > 0 {
		s += fmt.Sprintf(", %d updated", r.Updated)
	}
	return s
}

// WriteText prints one line per case that did not pass, each followed
// by its section-grouped diff (or how its build failed), then the
// summary. A bad case file prints its problems, one "FAIL path:LINE: what
// is wrong" line each. With verbose, passing cases are listed as well and
// the builds' warnings are shown.
func (r *Report) WriteText(w io.Writer, verbose bool) error {
	var b strings.Builder
	display := func(p string) string { return strings.TrimPrefix(p, workVar+"/") }
	for _, res := range r.Cases {
		switch {
		case res.Status == Passed:
			if verbose {
				fmt.Fprintf(&b, "ok   %s\n", res.Path)
			}
		case res.Status == Errored:
			for _, l := range strings.Split(res.Message, "\n") {
				fmt.Fprintf(&b, "FAIL %s\n", l)
			}
		default:
			tag := "FAIL"
			if res.Updated {
				tag = "updated"
			}
			first, rest, _ := strings.Cut(res.Message, "\n")
			fmt.Fprintf(&b, "%s %s: %s\n", tag, res.Path, first)
			for _, l := range strings.Split(rest, "\n") {
				if l != "" {
					fmt.Fprintf(&b, "    %s\n", l)
				}
			}
			if res.Diff != nil {
				_ = res.Diff.Write(&b, "    ", display)
			}
		}
		if verbose && res.Stderr != "" && res.Status != Failed {
			for _, l := range strings.Split(strings.TrimSuffix(res.Stderr, "\n"), "\n") {
				fmt.Fprintf(&b, "    stderr: %s\n", l)
			}
		}
	}
	b.WriteString(r.Summary() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON prints the report as JSON (no timings, so that the output of
// the same cases is the same; the JUnit report has them).
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
