package opencodeinstr_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources/kinds/opencodeinstr"
)

func TestLoad(t *testing.T) {
	for _, tc := range []struct {
		name string
		tree map[string]string
		cwd  string
		opts opencodeinstr.Options
		want []string // "rel=content"
	}{
		{
			name: "OC-3 OC-4 global, then the first name found anywhere, deepest first, raw",
			tree: map[string]string{"h/.config/opencode/AGENTS.md": "G", "h/.claude/CLAUDE.md": "not used", "r/.git/": "",
				"r/AGENTS.md": "\ufeffR\r\n", "r/a/CLAUDE.md": "shadowed", "r/a/b/AGENTS.md": " \n"},
			cwd:  "r/a/b",
			want: []string{"h/.config/opencode/AGENTS.md=G", "r/a/b/AGENTS.md= \n", "r/AGENTS.md=R\r\n"},
		},
		{
			name: "OC-4 OC-10 a directory with the name counts as found and adds nothing",
			tree: map[string]string{"r/.git/": "", "r/AGENTS.md/": "", "r/CLAUDE.md": "C"},
			cwd:  "r",
		},
		{
			name: "OC-7 no CLAUDE.md: CONTEXT.md is next",
			tree: map[string]string{"r/.git/": "", "r/CLAUDE.md": "C", "r/CONTEXT.md": "X"},
			cwd:  "r",
			opts: opencodeinstr.Options{NoClaude: true},
			want: []string{"r/CONTEXT.md=X"},
		},
		{
			name: "OC-6 OC-9 config instructions globbed up the walk, each path once",
			tree: map[string]string{"r/.git/": "", "r/AGENTS.md": "A", "r/opencode.json": `{"instructions": ["AGENTS.md", "rules/*.md", "https://example.invalid/x.md"]}`,
				"r/rules/b.md": "B", "r/rules/a.md": "A2", "r/rules/c.txt": "no"},
			cwd:  "r",
			want: []string{"r/AGENTS.md=A", "r/rules/a.md=A2", "r/rules/b.md=B"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := oracletest.TempRoot(t)
			oracletest.WriteTree(t, root, tc.tree)
			o := tc.opts
			o.Cwd, o.Home, o.ConfigDir = root+"/"+tc.cwd, root+"/h", root+"/h/.config/opencode"
			r, _, err := opencodeinstr.Load(context.Background(), oracletest.DirFS(), o)
			if err != nil {
				t.Fatal(err)
			}
			got := []string{}
			for _, it := range r.Items {
				got = append(got, strings.TrimPrefix(it.Path, root+"/")+"="+it.Content)
			}
			if want := append([]string{}, tc.want...); !reflect.DeepEqual(got, want) {
				t.Errorf("items:\n got %q\nwant %q", got, want)
			}
		})
	}
}
