package check

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/casetest"
)

func TestGoldenRoundTrip(t *testing.T) {
	b := &casetest.Build{Prompt: "A\n-- x --\n=== prompt ===\nB", Sections: []casetest.Section{
		{ID: "a", Active: true, Start: 0, Bytes: 2, Origins: []casetest.Origin{{Path: "$REPO/AGENTS.md", Role: "context", Bytes: 2}}},
		{ID: "off", When: "false"},
		{ID: "b", Active: true, Start: 2, Bytes: 24},
	}}
	data := formatGolden(Check{Pipeline: "default", Rel: "."}, b)
	got, err := parseGolden("g", data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Prompt != b.Prompt || len(got.Sections) != 3 || got.Sections[0].Origins[0].Path != "$REPO/AGENTS.md" {
		t.Fatalf("round trip: %+v", got)
	}
}

// TestGoldenInvalid: hand edits that break a golden are errors at their
// line, never a panic or a silent pass.
func TestGoldenInvalid(t *testing.T) {
	good := string(formatGolden(Check{Pipeline: "default", Rel: "."}, &casetest.Build{Prompt: "Hello", Sections: []casetest.Section{{ID: "a", Active: true, Start: 0, Bytes: 5}}}))
	for _, tc := range []struct{ in, want string }{
		{"", "g:1: the first line"},
		{"hello\n", "g:1: the first line"},
		{strings.Replace(good, "=== sections ===", "sections", 1), "g:2: want"},
		{strings.Replace(good, `"bytes":5`, `"bytes":50`, 1), "g:3: section a: start 0 and bytes 50"},
		{strings.Replace(good, `{"id":"a"`, `{"idd":"a"`, 1), "g:3: not a section"},
		{strings.Replace(good, `"id":"a"`, `"id":""`, 1), "g:3: a section without an id"},
		{strings.TrimSuffix(good, "\n"), "does not end with the newline"},
		{strings.Split(good, "=== prompt ===")[0], "no \"=== prompt ===\" line"},
	} {
		_, err := parseGolden("g", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}
