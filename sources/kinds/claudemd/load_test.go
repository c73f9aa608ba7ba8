package claudemd_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources/kinds/claudemd"
)

func TestLoad(t *testing.T) {
	for _, tc := range []struct {
		name    string
		tree    map[string]string
		cwd     string
		sources []string
		want    []string // "rel (type, depth)=text"
	}{
		{
			name: "CC-4 CC-5 user file, then every ancestor outermost first, per-dir order",
			tree: map[string]string{
				"h/.claude/CLAUDE.md": "U", "CLAUDE.md": " top ", "r/.git/": "",
				"r/CLAUDE.local.md": "L", "r/.claude/CLAUDE.md": "D", "r/.claude/rules/a.md": "RA", "r/CLAUDE.md": "P",
			},
			cwd: "r",
			want: []string{"h/.claude/CLAUDE.md (user, 0)=U", "CLAUDE.md (project, 0)=top", "r/CLAUDE.md (project, 0)=P",
				"r/.claude/CLAUDE.md (project, 0)=D", "r/.claude/rules/a.md (project, 0)=RA", "r/CLAUDE.local.md (local, 0)=L"},
		},
		{
			name: "CC-13 CC-15 imports follow their importer depth first, each file once",
			tree: map[string]string{"r/CLAUDE.md": "@a.md @b.md", "r/a.md": "A @b.md @r.md", "r/b.md": "B @a.md", "r/r.md": "R"},
			cwd:  "r",
			want: []string{"r/CLAUDE.md (project, 0)=@a.md @b.md", "r/a.md (project, 1)=A @b.md @r.md", "r/b.md (project, 2)=B @a.md", "r/r.md (project, 2)=R"},
		},
		{
			name: "CC-17 an ancestor's import outside the cwd is skipped",
			tree: map[string]string{"CLAUDE.md": "@x.md @r/in.md", "x.md": "X", "r/in.md": "IN"},
			cwd:  "r",
			want: []string{"CLAUDE.md (project, 0)=@x.md @r/in.md", "r/in.md (project, 1)=IN"},
		},
		{
			name:    "CC-21 setting sources",
			tree:    map[string]string{"h/.claude/CLAUDE.md": "U", "r/CLAUDE.md": "P", "r/CLAUDE.local.md": "L"},
			cwd:     "r",
			sources: []string{"local"},
			want:    []string{"r/CLAUDE.local.md (local, 0)=L"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := oracletest.TempRoot(t)
			oracletest.WriteTree(t, root, tc.tree)
			opts := claudemd.Options{Cwd: root + "/" + tc.cwd, Home: root + "/h", ConfigDir: root + "/h/.claude", SettingSources: tc.sources}
			if tc.sources == nil {
				opts.SettingSources = []string{"user", "project", "local"}
			}
			r, _, err := claudemd.Load(context.Background(), oracletest.DirFS(), opts)
			if err != nil {
				t.Fatal(err)
			}
			got := []string{}
			for _, f := range r.Files {
				got = append(got, strings.TrimPrefix(f.Path, root+"/")+" ("+f.Type+", "+string(rune('0'+f.Depth))+")="+f.Text)
			}
			// the walk starts above the temp root: keep what is inside it
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("files:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}
