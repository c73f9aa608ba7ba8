package agentcapture

import (
	"strings"
	"testing"
)

func TestSplitJoinsBackAndNamesParts(t *testing.T) {
	cases := []struct {
		text string
		ids  []string
	}{
		{"", nil},
		{"no headings\nat all\n", []string{"preamble"}},
		{"# First\nbody\n# Second Part: x\nmore", []string{"first", "second-part-x"}},
		{"\nlead\n\n# A\n```\n# not a heading\n```\n# A\n## sub stays\n", []string{"preamble", "a", "a-2"}},
		{"intro\n  # indented is not top-level\n~~~\n# fenced\n~~~\n#NoSpace\n", []string{"preamble"}},
	}
	for _, c := range cases {
		parts := Split(c.text)
		var ids []string
		var b strings.Builder
		for _, p := range parts {
			ids = append(ids, p.ID)
			b.WriteString(p.Text)
		}
		if b.String() != c.text {
			t.Errorf("Split(%q) joins back to %q", c.text, b.String())
		}
		if strings.Join(ids, ",") != strings.Join(c.ids, ",") {
			t.Errorf("Split(%q) ids %v, want %v", c.text, ids, c.ids)
		}
	}
}

func TestNormalizeExpandRoundTrip(t *testing.T) {
	home, cwd := "/tmp/promptc-capture-1/home", "/tmp/promptc-capture-1/promptc-capture-cwd"
	sent := "memory at " + home + "/.claude/projects/" + Slug(cwd) + "/memory/ and " + home + "/.gemini/tmp/promptc-capture-cwd/x; cwd " + cwd
	stored := Normalize(sent, home, cwd)
	if strings.Contains(stored, "/tmp/promptc-capture-1") {
		t.Fatalf("scratch path left in %q", stored)
	}
	want := "memory at /u/.claude/projects/-w-my-proj/memory/ and /u/.gemini/tmp/my-proj/x; cwd /w/my-proj"
	if got := Expand(stored, "/u", "/w/my-proj"); got != want {
		t.Errorf("Expand = %q\nwant %q", got, want)
	}
}
