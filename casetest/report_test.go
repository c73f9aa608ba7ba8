package casetest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReportText(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteText(&b, true); err != nil {
		t.Fatal(err)
	}
	want := `ok   t/a/pass.txtar
FAIL t/a/changed.txtar: prompt differs from want: 1 section changed, +9 tokens per request (14 -> 23)
    section ctx: changed, +9 tokens (7 -> 16)
        files: /f/ctx
        @@ -1,2 +1,2 @@
         Hello.
        -old <&>
        \ No newline at end of prompt
        +new "quoted" ]]>
        \ No newline at end of prompt
FAIL t/b/build.txtar: promptc build exited with status 1:
    p.yaml:1:1: bad
FAIL t/bad.txtar:3: env: want KEY=VALUE, got "x"
1 passed, 3 failed
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestReportJSON(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Passed, Failed int
		Cases          []struct {
			File, Name, Status string
			Diff               *Diff
		}
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Passed != 1 || got.Failed != 3 || len(got.Cases) != 4 || got.Cases[1].Status != "fail" || got.Cases[1].Diff == nil || got.Cases[1].Diff.Sections[0].ID != "ctx" {
		t.Errorf("JSON report = %s", b.String())
	}
	if strings.Contains(b.String(), "elapsed") || strings.Contains(b.String(), "time") {
		t.Errorf("the JSON report must not hold timings:\n%s", b.String())
	}
}

func TestDiscover(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.txtar", "a/x.txtar", "a/notes.md", ".hidden/h.txtar", "_skip/s.txtar"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Discover([]string{dir, filepath.Join(dir, "b.txtar")})
	if err != nil {
		t.Fatal(err)
	}
	want := []CaseFile{{filepath.Join(dir, "a/x.txtar"), "a/x"}, {filepath.Join(dir, "b.txtar"), "b"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Discover = %v; want %v", got, want)
	}
	if _, err := Discover([]string{filepath.Join(dir, "a/notes.md/..", "nope")}); err == nil {
		t.Errorf("a missing path: no error")
	}
	if _, err := Discover([]string{filepath.Join(dir, ".hidden", "..", "_skip", "..", "a", "..", ".hidden")}); err != nil {
		t.Errorf("a directory argument is searched even when its name starts with a dot: %v", err)
	}
}
