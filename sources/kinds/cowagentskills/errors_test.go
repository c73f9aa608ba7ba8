package cowagentskills

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/promptc/promptc/sources"
)

// TestBuildErrors covers the failures that make CowAgent's whole rebuild
// fail (conformance/cowagent.md section 5; case 25).
func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string
		custom string // CustomDir relative to the root; "" = ws/skills
		want   string // the error text, ROOT for the root
	}{
		{"custom dir is a file", map[string]string{"ws/skills": "x"}, "",
			"skills refresh failed: [Errno 17] File exists: 'ROOT/ws/skills'"},
		{"ancestor is a file", map[string]string{"ws": "x"}, "",
			"skills refresh failed: [Errno 20] Not a directory: 'ROOT/ws/skills'"},
		{"broken symlink", map[string]string{"ws/skills": "->nowhere"}, "",
			"skills refresh failed: [Errno 17] File exists: 'ROOT/ws/skills'"},
		{"config entry not an object", map[string]string{
			"ws/skills/a/SKILL.md":         skill("name: a", "description: d"),
			"ws/skills/skills_config.json": `{"a": null}`}, "",
			"skills refresh failed: AttributeError: 'NoneType' object has no attribute 'get'"},
		{"unhashable name", map[string]string{"ws/skills/a/SKILL.md": skill("name: [[x]]", "description: d")}, "",
			"skills refresh failed: TypeError: unhashable type: 'list'"},
		{"install kind", map[string]string{"ws/skills/a/SKILL.md": skill("name: a", "description: d", "metadata: {install: [{kind: 5}]}")}, "",
			"skills refresh failed: AttributeError: 'int' object has no attribute 'lower'"},
		{"line parser int()", map[string]string{"builtin/a/SKILL.md": skill("name: a", "description: d", "n: ²", "\tx: tab")}, "",
			"skills refresh failed: ValueError: invalid literal for int() with base 10: '²'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := layout(t, tt.files)
			o := opts(root)
			if tt.custom != "" {
				o.CustomDir = root + "/" + tt.custom
			}
			_, err := Load(context.Background(), os.DirFS("/").(sources.FS), o)
			var be *BuildError
			if !errors.As(err, &be) {
				t.Fatalf("error = %v, want a *BuildError", err)
			}
			if got, want := strings.ReplaceAll(err.Error(), root, "ROOT"), tt.want; got != want {
				t.Errorf("error:\n got %q\nwant %q", got, want)
			}
		})
	}
}

// TestNotBuildErrors lists what CowAgent swallows.
func TestNotBuildErrors(t *testing.T) {
	root := layout(t, map[string]string{
		"builtin":                      "a file, not a dir",
		"ws/skills/a/SKILL.md":         skill("name: a", "description: d"),
		"ws/skills/skills_config.json": "{not json",
	})
	res := load(t, opts(root))
	if got := names(res); got != "a |" {
		t.Errorf("names = %q", got)
	}
	if len(res.Diags) != 1 || res.Diags[0].Message != "[SkillManager] Failed to load skills_config.json: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)" {
		t.Errorf("diags = %v", res.Diags)
	}
	// A custom dir that does not exist yet can be created: no error.
	o := opts(root)
	o.CustomDir = root + "/ws/new/skills"
	if _, err := Load(context.Background(), os.DirFS("/").(sources.FS), o); err != nil {
		t.Errorf("missing custom dir: %v", err)
	}
}

func TestBinaries(t *testing.T) {
	root := layout(t, map[string]string{"bin/tool": "", "cwdtool": "", "bin/dir/": "/"})
	for _, p := range []string{"bin/tool", "cwdtool", "bin/dir"} {
		if err := os.Chmod(root+"/"+p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		path, name string
		want       bool
	}{
		{root + "/bin", "tool", true},
		{root + "/bin", "dir", false},
		{root + "/bin", "cwdtool", false},
		{root + "/bin:", "cwdtool", true}, // an empty entry is the working directory
		{"", "tool", false},
		{"/nonexistent", root + "/bin/tool", true},
		{"/nonexistent", "bin/tool", true}, // a name with "/" is relative to the working directory
	}
	for _, tt := range tests {
		l := &loader{opts: Options{Base: root, Env: map[string]string{"PATH": tt.path}}, view: fsView{fsys: os.DirFS("/").(sources.FS), base: root}, guard: sources.NewWalkGuard(os.DirFS("/").(sources.FS))}
		if got := l.hasBinary(tt.name); got != tt.want {
			t.Errorf("PATH=%q which(%q) = %v, want %v", tt.path, tt.name, got, tt.want)
		}
	}
}

func TestApplyConfig(t *testing.T) {
	var o Options
	err := o.ApplyConfig(map[string]any{"builtin_dir": "/b", "custom_dir": nil, "env": map[string]any{"K": "v"}})
	if err != nil || o.BuiltinDir != "/b" || o.CustomDir != "" || o.Env["K"] != "v" {
		t.Errorf("got %+v, %v", o, err)
	}
	for cfg, want := range map[string]map[string]any{
		`skills: unknown key "custm_dir" (want builtin_dir, custom_dir or env)`: {"custm_dir": "/c"},
		`skills.builtin_dir: want a string, got float64`:                        {"builtin_dir": 1.0},
		`skills.env: K: want a string, got bool`:                                {"env": map[string]any{"K": true}},
	} {
		if err := (&Options{}).ApplyConfig(want); err == nil || err.Error() != cfg {
			t.Errorf("ApplyConfig(%v) = %v, want %s", want, err, cfg)
		}
	}
}

func TestFrontMatterText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"---\nname: a\n---\nbody", "name: a"},
		{"---  \n\n\nname: a\n---  \n", "name: a"},
		{"---\n\n---\n", ""},
		{"---\nname: a\n---", "-"},
		{"--- x\nname: a\n---\n", "-"},
		{"---\nname: a\n----\nb: 1\n---\t\n", "name: a\n----\nb: 1"},
		{"---\u3000\nname: a\n---\u2028\n", "name: a"},
		{" ---\nname: a\n---\n", "-"},
	}
	for _, tt := range tests {
		got, ok := frontMatterText(tt.in)
		if !ok {
			got = "-"
		}
		if got != tt.want {
			t.Errorf("frontMatterText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPaths(t *testing.T) {
	for _, tt := range []struct{ in, dir, base string }{
		{"/a/b/SKILL.md", "/a/b", "SKILL.md"},
		{"/a//b.md", "/a", "b.md"},
		{"skills/x.md", "skills", "x.md"},
		{"x.md", "", "x.md"},
		{"/x", "/", "x"},
		{"//x", "//", "x"},
	} {
		if got := dirname(tt.in); got != tt.dir {
			t.Errorf("dirname(%q) = %q, want %q", tt.in, got, tt.dir)
		}
		if got := basename(tt.in); got != tt.base {
			t.Errorf("basename(%q) = %q, want %q", tt.in, got, tt.base)
		}
	}
}
