package check

import (
	"io"
	"time"

	"github.com/promptc/promptc/casetest"
)

// WriteJUnit prints the run as JUnit XML with casetest's writer: one
// suite, "check", one test case per check, a failure's text its message,
// findings and section-grouped diff.
func WriteJUnit(w io.Writer, rs []Result, start time.Time) error {
	var cases []casetest.Result
	for _, r := range rs {
		c := casetest.Result{Path: r.Golden, Name: "check/" + r.Name, Elapsed: r.Elapsed, Diff: r.Diff}
		switch r.Status {
		case Passed:
			c.Status = casetest.Passed
		case Updated:
			c.Status, c.Updated = casetest.Failed, true
		default:
			c.Status = casetest.Failed
			c.Message = r.Message
			for _, f := range r.Findings {
				c.Message += "\n" + place(f) + ": " + f.Message
			}
		}
		cases = append(cases, c)
	}
	return casetest.NewReport(cases).WriteJUnit(w, start)
}
