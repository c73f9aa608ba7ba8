package toolcatalog

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/sources"
)

// pi 1.x's selection rules (Modifiers, Patterns, DefaultTools), each
// against the catalog of piCatalog (defaults read,bash,edit,write).
func TestPi1Selection(t *testing.T) {
	for _, tc := range []struct {
		name     string
		edit     func(o *Options)
		active   string
		excluded string
	}{
		{"modifiers change the defaults", func(o *Options) { o.Modifiers = true; o.Allow = []string{"+grep", "-edit", "+grep", "-nope"} },
			"read,bash,write,grep", "tool:edit not a default tool|tool:quiet not a default tool|tool:nope unknown tool"},
		{"without Modifiers +name is an unknown name", func(o *Options) { o.Allow = []string{"+grep"} }, "", ""},
		{"modifiers with disable all: the result is the allowlist", func(o *Options) { o.Modifiers = true; o.Disable = DisableAll; o.Allow = []string{"+grep"} },
			"grep", ""},
		{"modifiers with disable builtin start from nothing", func(o *Options) { o.Modifiers = true; o.Disable = DisableBuiltin; o.Allow = []string{"+grep"} },
			"grep", ""},
		{"patterns: names first, then matches in catalog order", func(o *Options) { o.Patterns = true; o.Allow = []string{"wr*", "bash", "*d*"} },
			"bash,read,edit,write", ""},
		{"without Patterns * is a character", func(o *Options) { o.Allow = []string{"wr*", "bash"} }, "bash", ""},
		{"exclude patterns; ? is no wildcard", func(o *Options) { o.Patterns = true; o.Exclude = []string{"*e*", "b?sh"} },
			"bash", ""},
		{"default tools replace the catalog's, in their order", func(o *Options) { o.DefaultTools = []string{"grep", "read", "nope"} },
			"grep,read", ""},
		{"default tools of only modifiers change the catalog's", func(o *Options) { o.DefaultTools = []string{"-bash", "+grep"} },
			"read,edit,write,grep", ""},
		{"plain names and modifiers: names replace, then modifiers apply", func(o *Options) { o.DefaultTools = []string{"read", "+grep", "-read"} },
			"grep", ""},
		{"an empty default tools list activates nothing", func(o *Options) { o.DefaultTools = []string{} }, "", ""},
		{"modifiers over default tools", func(o *Options) { o.Modifiers = true; o.DefaultTools = []string{"read"}; o.Allow = []string{"+write"} },
			"read,write", ""},
		{"disable builtin ignores default tools", func(o *Options) { o.Disable = DisableBuiltin; o.DefaultTools = []string{"read"} }, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := piCatalog()
			tc.edit(&o)
			out, err := New().Resolve(context.Background(), sources.Env{}, &o)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(out.Value.(ToolSet).Names, ","); got != tc.active {
				t.Errorf("active = %q, want %q", got, tc.active)
			}
			if tc.excluded == "" {
				return
			}
			var ex []string
			for _, e := range out.Excluded {
				ex = append(ex, e.Path+" "+e.Reason)
			}
			if got := strings.Join(ex, "|"); got != tc.excluded {
				t.Errorf("excluded = %q, want %q", got, tc.excluded)
			}
		})
	}
}

// pi 1.x refuses an allowlist that mixes names with modifiers, or a
// modifier with a pattern.
func TestAllowListError(t *testing.T) {
	for _, tc := range []struct {
		allow []string
		want  string
	}{
		{[]string{"+grep", "read"}, "tools: tool names cannot be mixed with +name or -name entries"},
		{[]string{"+gr*"}, "tools: +name and -name entries take exact tool names, not patterns: +gr*"},
		{[]string{"+grep", "-read"}, ""},
		{[]string{"read", "gr*"}, ""},
	} {
		o := piCatalog()
		o.Modifiers, o.Allow = true, tc.allow
		_, err := New().Resolve(context.Background(), sources.Env{}, &o)
		if got := ""; err != nil {
			got = err.Error()
			if got != tc.want {
				t.Errorf("%q: error %q, want %q", tc.allow, got, tc.want)
			}
		} else if tc.want != "" {
			t.Errorf("%q: no error, want %q", tc.allow, tc.want)
		}
	}
}

// DefaultToolsFiles: the settings layers merged as pi 1.x merges them.
func TestDefaultToolsFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	global := write("global.json", "\uFEFF"+`{"defaultTools": ["read", "bash"]}`)
	mods := write("mods.json", `{"defaultTools": ["+grep", "-bash"]}`)
	plain := write("plain.json", `{"defaultTools": ["edit"]}`)
	notList := write("notlist.json", `{"defaultTools": "read"}`)
	bad := write("bad.json", `{"defaultTools": [`)
	none := write("none.json", `{"other": 1}`)
	fsys := os.DirFS("/").(sources.FS)
	for _, tc := range []struct {
		name  string
		files []string
		want  []string // nil: not set
	}{
		{"one layer, BOM dropped", []string{global}, []string{"read", "bash"}},
		{"modifiers are appended to the layer below", []string{global, mods}, []string{"read", "bash", "+grep", "-bash"}},
		{"plain names replace it", []string{global, plain}, []string{"edit"}},
		{"a value that is no list is an empty list", []string{global, notList}, []string{}},
		{"invalid JSON, no key, a missing file add nothing", []string{bad, none, filepath.Join(dir, "missing.json")}, nil},
		{"modifiers over nothing", []string{mods}, []string{"+grep", "-bash"}},
	} {
		got, _, _ := readDefaultTools(fsys, tc.files, "defaultTools")
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
	o := piCatalog()
	o.DefaultToolsFiles = []string{global, mods}
	out, err := New().Resolve(context.Background(), sources.Env{FS: fsys}, &o)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(out.Value.(ToolSet).Names, ","); got != "read,grep" {
		t.Errorf("resolved from files: %q, want read,grep", got)
	}
	if len(out.Origins) != 2 || out.Origins[1].Path != mods {
		t.Errorf("origins = %+v", out.Origins)
	}
}
