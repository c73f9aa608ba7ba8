package casetest

import (
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/promptc/promptc/internal/junit"
)

// JUnit XML, in the shape Jenkins, GitLab and GitHub test reporters read
// (the Ant/Surefire format): one <testsuite> per directory of cases, one
// <testcase> per case. A changed prompt or a failed build is a <failure>
// whose text is the section-grouped diff; a bad case file is an <error>.
// testdata/junit.xsd is the schema the tests validate it against.

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// WriteJUnit writes the report as JUnit XML. Suites are the cases'
// directories (of Name), in order of first appearance; timestamp, when
// not zero, is the start of the run.
func (r *Report) WriteJUnit(w io.Writer, timestamp time.Time) error {
	top := junit.Suites{Name: "promptc test"}
	var total time.Duration
	var suiteTime []time.Duration
	index := map[string]int{}
	for _, res := range r.Cases {
		dir := path.Dir(res.Name)
		i, ok := index[dir]
		if !ok {
			i = len(top.Suites)
			index[dir] = i
			s := junit.Suite{Name: dir}
			if !timestamp.IsZero() {
				s.Timestamp = timestamp.UTC().Format("2006-01-02T15:04:05")
			}
			top.Suites = append(top.Suites, s)
			suiteTime = append(suiteTime, 0)
		}
		s := &top.Suites[i]
		c := junit.Case{Name: path.Base(res.Name), Classname: strings.ReplaceAll(dir, "/", "."), File: res.Path, Time: seconds(res.Elapsed)}
		if res.Stderr != "" {
			c.SystemErr = &junit.Text{Text: res.Stderr}
		}
		switch {
		case res.Status == Errored:
			c.Error = &junit.Problem{Message: firstLine(res.Message), Type: "case", Text: res.Message}
			s.Errors++
		case res.Status == Failed && !res.Updated:
			var text strings.Builder
			text.WriteString(res.Message + "\n")
			if res.Diff != nil {
				_ = res.Diff.Write(&text, "", func(p string) string { return strings.TrimPrefix(p, workVar+"/") })
			}
			typ := "prompt"
			if res.Diff == nil {
				typ = "build"
			}
			c.Failure = &junit.Problem{Message: firstLine(res.Message), Type: typ, Text: text.String()}
			s.Failures++
		}
		s.Tests++
		total += res.Elapsed
		suiteTime[i] += res.Elapsed
		s.Time = seconds(suiteTime[i])
		s.Cases = append(s.Cases, c)
		top.Tests++
	}
	for _, s := range top.Suites {
		top.Failures += s.Failures
		top.Errors += s.Errors
	}
	top.Time = seconds(total)
	return junit.Write(w, top)
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
