package piresources

import (
	"context"
	"math"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

func TestRelative(t *testing.T) {
	tests := []struct{ from, to, want string }{
		{"/a/b", "/a/b", ""},
		{"/a/b", "/a/b/c/d", "c/d"},
		{"/a/b", "/a/x", "../x"},
		{"/a/b/c", "/x", "../../../x"},
		{"/", "/a", "a"},
		{"/a", "/", ".."},
		{"/a/b", "/a/bc", "../bc"},
		{"/a/b/", "/a/b/c", "c"},
		{"/a/./b", "/a/b/c", "c"},
		{"/a/b", "/a/b/../c", "../c"},
		{"/a/b", "/a/b//c", "c"},
		{"/a/b", "/a/b/.c", ".c"},
		{"/a/", "/a/b", "b"},
		{"/a/.", "/a/b", "b"},
		{"/a//b", "/a/b/c", "c"},
	}
	for _, tt := range tests {
		if got := relative(tt.from, tt.to); got != tt.want {
			t.Errorf("relative(%q, %q) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
}

func TestCLIPath(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"skill.md", "/c/skill.md"},
		{"../x/", "/x"},
		{"/abs/./y", "/abs/y"},
		{"~", "/h"},
		{"~/s", "/h/s"},
		{"~s", "/c/~s"},
		{" lead", "/c/ lead"},
		{"trail \t", "/c/trail"},
		{"file:///a/b%20c", "/a/b c"},
		{"file://localhost/a", "/a"},
	}
	for _, tt := range tests {
		if got := cliPath(tt.raw, "/c", "/h"); got != tt.want {
			t.Errorf("cliPath(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestSettingsPath(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"../x", "/x"},
		{" x ", "/base/x"},
		{"~", "/h"},
		{"~/y", "/h/y"},
		{"~y", "/h/y"},
		{"/abs", "/abs"},
	}
	for _, tt := range tests {
		if got := settingsPath(tt.raw, "/base", "/h"); got != tt.want {
			t.Errorf("settingsPath(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestIsPattern(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"skills", false}, {"./a/b", false}, {"!x", true}, {"+x", true}, {"-x", true},
		{"a*", true}, {"a?", true}, {"a[b]", false}, {"{a,b}", false},
	}
	for _, tt := range tests {
		if got := isPattern(tt.s); got != tt.want {
			t.Errorf("isPattern(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestJSValues(t *testing.T) {
	tests := []struct {
		v      any
		truthy bool
		str    string
	}{
		{nil, false, "null"},
		{"", false, ""},
		{"x", true, "x"},
		{false, false, "false"},
		{true, true, "true"},
		{int64(0), false, "0"},
		{int64(-3), true, "-3"},
		{0.0, false, "0"},
		{math.NaN(), false, "NaN"},
		{1.5, true, "1.5"},
		{1e21, true, "1e+21"},
		{[]any{}, true, ""},
		{[]any{"a", int64(1), nil}, true, "a,1,"},
		{map[string]any{}, true, "[object Object]"},
	}
	for _, tt := range tests {
		if got := jsstr.Truthy(tt.v); got != tt.truthy {
			t.Errorf("jsstr.Truthy(%#v) = %v, want %v", tt.v, got, tt.truthy)
		}
		if got := jsstr.String(tt.v); got != tt.str {
			t.Errorf("jsstr.String(%#v) = %q, want %q", tt.v, got, tt.str)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	if _, err := LoadSkills(context.Background(), nil, SkillOptions{Cwd: "rel", Home: "/h", AgentDir: "/a"}); err == nil ||
		err.Error() != `resources: cwd "rel" is not an absolute path` {
		t.Errorf("relative cwd: err = %v", err)
	}
	if _, err := LoadTemplates(context.Background(), nil, TemplateOptions{Cwd: "/c", Home: "", AgentDir: "/a"}); err == nil ||
		err.Error() != `resources: home "" is not an absolute path` {
		t.Errorf("empty home: err = %v", err)
	}
}

func TestLayoutDefaults(t *testing.T) {
	l := Layout{SkillsDir: "abilities", IgnoreFiles: []string{}}.withDefaults()
	if l.SkillsDir != "abilities" || l.ProjectDir != ".pi" || len(l.IgnoreFiles) != 0 || len(l.SkipNames) != 1 {
		t.Errorf("withDefaults = %+v", l)
	}
}

func TestAgentsSkillDirs(t *testing.T) {
	fsys := fstest.MapFS{
		"r/.git/HEAD": {Data: []byte("ref\n")},
		"r/a/b/x.txt": {Data: []byte("x")},
	}
	tests := []struct {
		cwd, exclude string
		want         []string
	}{
		{"/r/a/b", "", []string{"/r/a/b/.agents/skills", "/r/a/.agents/skills", "/r/.agents/skills"}},
		{"/r/a/b", "/r/a/.agents/skills", []string{"/r/a/b/.agents/skills", "/r/.agents/skills"}},
		{"/x/y", "", []string{"/x/y/.agents/skills", "/x/.agents/skills", "/.agents/skills"}},
	}
	for _, tt := range tests {
		got := agentsSkillDirs(fsys, tt.cwd, ".agents/skills", ".git", tt.exclude)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("agentsSkillDirs(%q, %q) = %q, want %q", tt.cwd, tt.exclude, got, tt.want)
		}
	}
}
