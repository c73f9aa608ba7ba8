package casetest

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/junit"
	"github.com/promptc/promptc/internal/testkit/suite"
)

// sampleReport has a passing, a failing (with a diff), a failed-build and
// a bad case, in two directories.
func sampleReport() *Report {
	d := Compare(&Build{Prompt: "Hello.\nold <&>"}, build("\n", "intro", "Hello.", "ctx", "new \"quoted\" ]]>"), runeCount{}, nil)
	return NewReport([]Result{
		{Path: "t/a/pass.txtar", Name: "a/pass", Status: Passed, Elapsed: 12 * time.Millisecond},
		{Path: "t/a/changed.txtar", Name: "a/changed", Status: Failed, Message: "prompt differs from want: " + d.Summary(), Diff: d, Stderr: "warning: x\n"},
		{Path: "t/b/build.txtar", Name: "b/build", Status: Failed, Message: "promptc build exited with status 1:\np.yaml:1:1: bad"},
		{Path: "t/bad.txtar", Name: "bad", Status: Errored, Message: "t/bad.txtar:3: env: want KEY=VALUE, got \"x\""},
	})
}

// xmllintSuite is the check of JUnit reports against their schema:
// announced when it skips, a failure where CI requires it.
var xmllintSuite = &suite.Suite{Name: suite.XMLLintJUnit}

// TestJUnitSchema validates the report against testdata/junit.xsd with
// xmllint (Debian: libxml2-utils), when it is installed.
func TestJUnitSchema(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteJUnit(&b, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		xmllintSuite.Skip(t, "xmllint not installed (apt-get install libxml2-utils)")
	}
	file := filepath.Join(t.TempDir(), "report.xml")
	if err := os.WriteFile(file, b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("testdata", "junit.xsd"), file).CombinedOutput()
	if err != nil {
		t.Errorf("xmllint: %v\n%s\n--- report\n%s", err, out, b.String())
	}
}

// TestJUnitContent: suites per directory, counts, and the failure text
// holding the diff.
func TestJUnitContent(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteJUnit(&b, time.Time{}); err != nil {
		t.Fatal(err)
	}
	var got junit.Suites
	if err := xml.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Tests != 4 || got.Failures != 2 || got.Errors != 1 || len(got.Suites) != 3 {
		t.Fatalf("testsuites: tests %d failures %d errors %d suites %d; want 4 2 1 3", got.Tests, got.Failures, got.Errors, len(got.Suites))
	}
	a := got.Suites[0]
	if a.Name != "a" || a.Tests != 2 || a.Failures != 1 || a.Cases[0].Name != "pass" || a.Cases[1].Classname != "a" {
		t.Errorf("suite a = %+v", a)
	}
	f := a.Cases[1].Failure
	if f == nil || f.Type != "prompt" || !bytes.Contains([]byte(f.Text), []byte("+new \"quoted\" ]]>")) || a.Cases[1].SystemErr == nil || a.Cases[1].SystemErr.Text != "warning: x\n" {
		t.Errorf("failure = %+v", f)
	}
	if e := got.Suites[2].Cases[0].Error; got.Suites[2].Name != "." || e == nil || e.Type != "case" {
		t.Errorf("bad case = %+v", got.Suites[2])
	}
}
