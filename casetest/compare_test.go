package casetest

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// runeCount is a Counter for tests: one token per rune.
type runeCount struct{}

func (runeCount) Count(s string) int { return utf8.RuneCountInString(s) }

// build assembles a Build from sections given as id, text pairs; an
// empty text makes an inactive section.
func build(join string, idText ...string) *Build {
	b := &Build{}
	for i := 0; i < len(idText); i += 2 {
		s := Section{ID: idText[i], When: "c", FalseTerms: []string{"t"}}
		if text := idText[i+1]; text != "" {
			if b.Prompt != "" {
				b.Prompt += join
			}
			s.Active, s.Start, s.Bytes = true, len(b.Prompt), len(text)
			b.Prompt += text
			s.Origins = []Origin{{Path: "/f/" + idText[i], Bytes: len(text)}}
		}
		b.Sections = append(b.Sections, s)
	}
	return b
}

func render(d *Diff) string {
	if d == nil {
		return "<nil>"
	}
	var b strings.Builder
	b.WriteString(d.Summary() + "\n")
	_ = d.Write(&b, "", func(p string) string { return p })
	return b.String()
}

// noEOLLine ends a hunk whose last line is the prompt's last.
const noEOLLine = "    \\ No newline at end of prompt\n"

func TestCompare(t *testing.T) {
	tests := []struct {
		name     string
		old, new *Build
		want     string
	}{
		{"same", build("\n", "a", "A"), build("\n", "a", "A"), "<nil>"},
		{"a section changed, builds on both sides",
			build("\n", "intro", "Hello.", "ctx", "one\ntwo", "tail", "Bye."),
			build("\n", "intro", "Hello.", "ctx", "one\n2", "tail", "Bye."),
			"1 section changed, -2 tokens per request (19 -> 17)\n" +
				"section ctx: changed, -2 tokens (7 -> 5)\n" +
				"    ~ /f/ctx (changed, 7 -> 5 bytes)\n" +
				"    @@ -1,4 +1,4 @@\n     Hello.\n     one\n    -two\n    +2\n     Bye.\n" + noEOLLine},
		{"a section became inactive, builds on both sides",
			build("\n", "intro", "Hello.", "skills", "S1\nS2", "tail", "Bye."),
			build("\n", "intro", "Hello.", "skills", "", "tail", "Bye."),
			"1 section changed, -6 tokens per request (17 -> 11)\n" +
				"section skills: removed, -5 tokens (5 -> 0)\n" +
				"    now inactive: c is false (false: t)\n" +
				"    - /f/skills (removed)\n" +
				"    @@ -1,4 +1,2 @@\n     Hello.\n    -S1\n    -S2\n     Bye.\n" + noEOLLine},
		{"want side: a section appeared",
			&Build{Prompt: "Hello.\nBye."},
			build("\n", "intro", "Hello.", "skills", "S1", "tail", "Bye."),
			"1 section changed, +3 tokens per request (11 -> 14)\n" +
				"section skills: added, +2 tokens (0 -> 2)\n" +
				"    files: /f/skills\n" +
				"    @@ -1,2 +1,3 @@\n     Hello.\n    +S1\n     Bye.\n" + noEOLLine},
		{"want side: a replaced line takes the new line's section; the cause is named by path",
			&Build{Prompt: "Hello.\nsee /f/old\nBye."},
			build("\n", "intro", "Hello.", "ctx", "see /f/ctx", "tail", "Bye."),
			"1 section changed, 0 tokens per request (22 -> 22)\n" +
				"section ctx: changed, -1 tokens (11 -> 10)\n" +
				"    from /f/ctx\n" +
				"    @@ -1,3 +1,3 @@\n     Hello.\n    -see /f/old\n    +see /f/ctx\n     Bye.\n" + noEOLLine},
		{"a missing final newline shows",
			build("", "a", "x\n"), build("", "a", "x"),
			"1 section changed, -1 tokens per request (2 -> 1)\n" +
				"section a: changed, -1 tokens (2 -> 1)\n" +
				"    ~ /f/a (changed, 2 -> 1 bytes)\n" +
				"    @@ -1,1 +1,1 @@\n    -x\n    +x\n    \\ No newline at end of prompt\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := render(Compare(tc.old, tc.new, runeCount{}, nil)); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestCompareRemovedToInactive: removed lines of a want between two
// sections go to the one section between them that is now inactive.
func TestCompareRemovedToInactive(t *testing.T) {
	newB := build("\n", "intro", "Hello.", "other", "", "tail", "Bye.")
	d := Compare(&Build{Prompt: "Hello.\nS1\nBye."}, newB, runeCount{}, nil)
	want := "1 section changed, -3 tokens per request (14 -> 11)\n" +
		"section other: removed, -3 tokens (3 -> 0)\n" +
		"    now inactive: c is false (false: t)\n" +
		"    @@ -1,3 +1,2 @@\n     Hello.\n    -S1\n     Bye.\n" + noEOLLine
	if got := render(d); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestCompareAttributesByContent: a file whose content holds an added
// line is named as its cause.
func TestCompareAttributesByContent(t *testing.T) {
	newB := build("\n", "intro", "Hello.", "ctx", "Use tabs, always and everywhere.")
	newB.Sections[1].Origins = []Origin{{Path: "$WORK/a/AGENTS.md"}, {Path: "$WORK/b/AGENTS.md"}}
	content := func(p string) ([]byte, bool) {
		if p == "$WORK/b/AGENTS.md" {
			return []byte("# B\nUse tabs, always and everywhere.\n"), true
		}
		return []byte("# A\n"), true
	}
	d := Compare(&Build{Prompt: "Hello."}, newB, runeCount{}, content)
	if len(d.Sections) != 1 || d.Sections[0].Files[1].Change != Cause || d.Sections[0].Files[0].Change != "" {
		t.Errorf("files = %+v; want b/AGENTS.md as the cause", d.Sections[0].Files)
	}
}

// TestCompareWithoutSections: a build whose sections are unknown (the
// prompt of a run that a transform changed) is compared line by line,
// its lines in no section, instead of failing.
func TestCompareWithoutSections(t *testing.T) {
	d := Compare(&Build{Prompt: "old\nsame"}, &Build{Prompt: "new\nsame"}, runeCount{}, nil)
	if d == nil {
		t.Fatal("no difference")
	}
	if got, want := d.Summary(), "1 section changed, 0 tokens per request (8 -> 8)"; got != want {
		t.Errorf("Summary = %q; want %q", got, want)
	}
}
