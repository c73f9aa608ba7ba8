package codexdocs_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources/kinds/codexdocs"
)

func TestLoad(t *testing.T) {
	for _, tc := range []struct {
		name     string
		tree     map[string]string
		cwd      string
		max      int
		fallback []string
		markers  []string
		global   string
		docs     []string // "rel=text"
		excluded []prov.Exclusion
	}{
		{
			name:   "CX-5 a blank override falls through to AGENTS.md, trimmed",
			tree:   map[string]string{"h/AGENTS.override.md": " \n", "h/AGENTS.md": "\n G \n", "r/.git/": ""},
			cwd:    "r",
			global: "G",
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/h/AGENTS.override.md", Reason: codexdocs.ReasonBlank},
			},
		},
		{
			name: "CX-4 CX-7 root down to cwd, raw; nothing above the root",
			tree: map[string]string{"AGENTS.md": "up", "r/.git/": "", "r/AGENTS.md": "A\r\n", "r/s/AGENTS.override.md": "O", "r/s/AGENTS.md": "S"},
			cwd:  "r/s",
			docs: []string{"r/AGENTS.md=A\r\n", "r/s/AGENTS.override.md=O"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/r/s/AGENTS.md", Reason: codexdocs.ReasonShadowed, Detail: "${ROOT}/r/s/AGENTS.override.md"},
			},
		},
		{
			name: "CX-8 the cap cuts mid-line, a blank cut costs nothing, later files are over the cap",
			tree: map[string]string{"r/.git/": "", "r/AGENTS.md": "0123456789", "r/a/AGENTS.md": "   x", "r/a/b/AGENTS.md": "abcdef", "r/a/b/c/AGENTS.md": "never"},
			cwd:  "r/a/b/c",
			max:  13,
			docs: []string{"r/AGENTS.md=0123456789", "r/a/b/AGENTS.md=abc"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/r/a/AGENTS.md", Reason: codexdocs.ReasonBlank},
				{Path: "${ROOT}/r/a/b/c/AGENTS.md", Reason: codexdocs.ReasonOverCap, Detail: "the 13-byte budget is spent"},
			},
		},
		{
			name:     "CX-6 CX-10 fallback names after the built-in ones; a path is not a name",
			tree:     map[string]string{"r/.git/": "", "r/CLAUDE.md": "C", "r/docs/X.md": "X", "r/AGENTS.md/": ""},
			cwd:      "r",
			fallback: []string{"docs/X.md", "", "CLAUDE.md"},
			docs:     []string{"r/CLAUDE.md=C"},
			excluded: []prov.Exclusion{
				{Path: "${ROOT}/r/AGENTS.md", Reason: codexdocs.ReasonNotFile, Detail: "directory"},
			},
		},
		{
			name:    "CX-4 an empty marker list means the cwd only",
			tree:    map[string]string{"r/.git/": "", "r/AGENTS.md": "R", "r/s/AGENTS.md": "S"},
			cwd:     "r/s",
			markers: []string{},
			docs:    []string{"r/s/AGENTS.md=S"},
		},
		{
			name: "CX-9 invalid UTF-8 becomes U+FFFD per maximal subpart",
			tree: map[string]string{"r/.git/": "", "r/AGENTS.md": "a\xff\xfeb\xe2\x82c"},
			cwd:  "r",
			docs: []string{"r/AGENTS.md=a\ufffd\ufffdb\ufffdc"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := oracletest.TempRoot(t)
			oracletest.WriteTree(t, root, tc.tree)
			abs := func(s string) string { return strings.ReplaceAll(s, "${ROOT}", root) }
			opts := codexdocs.Options{Cwd: root + "/" + tc.cwd, CodexHome: root + "/h", MaxBytes: tc.max, FallbackFilenames: tc.fallback, RootMarkers: tc.markers}
			if tc.max == 0 {
				opts.MaxBytes = codexdocs.DefaultMaxBytes
			}
			if tc.markers == nil {
				opts.RootMarkers = []string{".git"}
			}
			kind := codexdocs.New()
			out, err := kind.Resolve(context.Background(), envOf(), &opts)
			if err != nil {
				t.Fatal(err)
			}
			r := out.Value.(codexdocs.Result)
			if r.Global != tc.global {
				t.Errorf("global = %q, want %q", r.Global, tc.global)
			}
			got := []string{}
			for _, d := range r.Docs {
				got = append(got, strings.TrimPrefix(d.Path, root+"/")+"="+d.Text)
			}
			if want := append([]string{}, tc.docs...); !reflect.DeepEqual(got, want) {
				t.Errorf("docs = %q, want %q", got, want)
			}
			want := []prov.Exclusion{}
			for _, e := range tc.excluded {
				want = append(want, prov.Exclusion{Path: abs(e.Path), Reason: e.Reason, Detail: abs(e.Detail)})
			}
			if got := append([]prov.Exclusion{}, out.Excluded...); !reflect.DeepEqual(got, want) {
				t.Errorf("excluded:\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

func TestCheckOptions(t *testing.T) {
	none := func(string) bool { return false }
	for _, tc := range []struct {
		opts codexdocs.Options
		want string
	}{
		{codexdocs.Options{Cwd: "rel"}, `codex_docs: cwd "rel" is not an absolute path`},
		{codexdocs.Options{Cwd: "/a", CodexHome: "h"}, `codex_docs: codex_home "h" is not an absolute path`},
		{codexdocs.Options{Cwd: "/a", MaxBytes: -1}, "codex_docs: max_bytes is negative"},
	} {
		if err := tc.opts.CheckOptions(none); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: err = %v, want %s", tc.opts, err, tc.want)
		}
	}
}
