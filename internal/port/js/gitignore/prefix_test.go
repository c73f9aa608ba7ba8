package gitignore

import (
	"reflect"
	"testing"
)

func TestPrefixPattern(t *testing.T) {
	tests := []struct {
		line, prefix string
		want         string
		ok           bool
	}{
		{"foo", "", "foo", true},
		{"foo", "sub/", "sub/foo", true},
		{"/foo/", "", "foo/", true},         // SKL-D6 quirk: unanchored at the root
		{"/foo/", "sub/", "sub/foo/", true}, // anchored below the root
		{"!keep.md", "sub/", "!sub/keep.md", true},
		{"!/keep.md", "", "!keep.md", true},
		{`\!bang`, "sub/", "sub/!bang", true}, // loses its backslash
		{`\!bang`, "", "!bang", true},         // ...and becomes a negation at the root
		{`\#hash`, "sub/", `sub/\#hash`, true},
		{"# comment", "", "", false},
		{"   # indented comment", "", "", false},
		{"", "", "", false},
		{" \t ", "sub/", "", false},
		{"  lead", "sub/", "sub/  lead", true}, // the line is used untrimmed
		{"trail  ", "", "trail  ", true},
	}
	for _, tt := range tests {
		got, ok := PrefixPattern(tt.line, tt.prefix)
		if got != tt.want || ok != tt.ok {
			t.Errorf("PrefixPattern(%q, %q) = %q, %v; want %q, %v", tt.line, tt.prefix, got, ok, tt.want, tt.ok)
		}
	}
}

func TestLines(t *testing.T) {
	got := Lines("# comment line\r\nignored-a/\n*.tmp.md\n!keep.tmp.md\n# hash/\n\n", "group/")
	want := []string{"group/ignored-a/", "group/*.tmp.md", "!group/keep.tmp.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Lines = %q, want %q", got, want)
	}
}

// TestWalkQuirk replays the skills-ignore-files oracle case: one matcher
// accumulates the root's rules and those of group/.ignore.
func TestWalkQuirk(t *testing.T) {
	m := New()
	m.Add(Lines("# comment line\nignored-a/\n*.tmp.md\n!keep.tmp.md\n# hash/\n", "")...)
	m.Add(Lines("/rooted/\n", "")...)
	m.Add(Lines("secret/\n", "group/")...)
	tests := []struct {
		path string
		want bool
	}{
		{"ignored-a/", true},
		{"drop.tmp.md", true},
		{"keep.tmp.md", false},
		{"hash/", false},
		{"rooted/", true},
		{"group/rooted/", true}, // "/rooted/" lost its anchor
		{"group/secret/", true},
		{"group/visible/", false},
		{"secret/", false},
	}
	for _, tt := range tests {
		if got := m.Ignores(tt.path); got != tt.want {
			t.Errorf("Ignores(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

func TestMatchReportsRule(t *testing.T) {
	m := New()
	m.AddText("*.md\r\n!keep.md\n\ndir/\n")
	tests := []struct {
		path    string
		ignored bool
		rule    string
	}{
		{"a.md", true, "*.md"},
		{"keep.md", false, ""},
		{"dir/x.txt", true, "dir/"},
		{"other", false, ""},
		{"", false, ""},
		{"/abs", false, ""},
		{"./x.md", false, ""},
		{"../x.md", false, ""},
	}
	for _, tt := range tests {
		ignored, rule := m.Match(tt.path)
		if ignored != tt.ignored || rule != tt.rule {
			t.Errorf("Match(%q) = %v, %q; want %v, %q", tt.path, ignored, rule, tt.ignored, tt.rule)
		}
	}
	if n := len(m.Rules()); n != 3 {
		t.Errorf("len(Rules()) = %d, want 3", n)
	}
}

func TestAddRejects(t *testing.T) {
	m := New()
	if m.Add("", "   ", "#c", `x\`) {
		t.Errorf("Add accepted an invalid rule: %+v", m.Rules())
	}
	if !m.Add(`x\\`) {
		t.Errorf("Add rejected an escaped trailing backslash")
	}
}

// TestParentVerdictsFollowAddedRules: the remembered verdicts on parent
// directories are the current rules' (adding a rule forgets them), and
// a path with empty parts is judged by its parts as ignore does.
func TestParentVerdictsFollowAddedRules(t *testing.T) {
	m := New()
	m.Add("x")
	if m.Ignores("d/f") {
		t.Fatal("d/f ignored by x")
	}
	m.Add("d/")
	if !m.Ignores("d/f") {
		t.Error("d/f not ignored after d/ was added")
	}
	if !m.Ignores("d//f") || !m.Ignores("d/e/") {
		t.Error("d//f or d/e/ not ignored by d/")
	}
	m.Add("!d/")
	if m.Ignores("d/f") {
		t.Error("d/f still ignored after !d/ was added")
	}
}
