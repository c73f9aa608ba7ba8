// Package junit writes JUnit XML in the shape Jenkins, GitLab and GitHub
// test reporters read (the Ant/Surefire format), for promptc test, check
// and emit --check. Optional attributes and elements are left out when
// empty, so each report writes only what it has; element text is CDATA,
// kept readable with its newlines.
package junit

import (
	"encoding/xml"
	"io"
)

// Suites is the document: <testsuites>.
type Suites struct {
	XMLName  xml.Name `xml:"testsuites"`
	Name     string   `xml:"name,attr"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"`
	Time     string   `xml:"time,attr,omitempty"`
	Suites   []Suite  `xml:"testsuite"`
}

// Suite is one <testsuite>.
type Suite struct {
	Name      string `xml:"name,attr"`
	Tests     int    `xml:"tests,attr"`
	Failures  int    `xml:"failures,attr"`
	Errors    int    `xml:"errors,attr"`
	Skipped   int    `xml:"skipped,attr"`
	Time      string `xml:"time,attr,omitempty"`
	Timestamp string `xml:"timestamp,attr,omitempty"`
	Cases     []Case `xml:"testcase"`
}

// Case is one <testcase>: passed when it has no Failure, Error or Skipped.
type Case struct {
	Name      string   `xml:"name,attr"`
	Classname string   `xml:"classname,attr"`
	File      string   `xml:"file,attr,omitempty"`
	Time      string   `xml:"time,attr,omitempty"`
	Failure   *Problem `xml:"failure,omitempty"`
	Error     *Problem `xml:"error,omitempty"`
	Skipped   *Problem `xml:"skipped,omitempty"`
	SystemErr *Text    `xml:"system-err,omitempty"`
}

// Problem is a <failure>, <error> or <skipped>: a one-line message, a
// type, and the whole text.
type Problem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",cdata"`
}

// Text is element text kept as CDATA.
type Text struct {
	Text string `xml:",cdata"`
}

// Write writes s as an XML document: the header, s indented by two
// spaces, and a final newline.
func Write(w io.Writer, s Suites) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
