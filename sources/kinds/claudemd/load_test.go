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
		// CC-24: the AGENTS.md fallback (the recorded cc-agents-* cases pin the same)
		{
			name: "CC-24 no CLAUDE-named file: AGENTS.md then .claude/AGENTS.md, outermost first, none below cwd",
			tree: map[string]string{"AGENTS.md": "TOP", "r/.git/": "", "r/.claude/AGENTS.md": "RD", "r/AGENTS.md": "R", "r/s/AGENTS.md": "S", "r/s/b/AGENTS.md": "BELOW"},
			cwd:  "r/s",
			want: []string{"AGENTS.md (project, 0)=TOP", "r/AGENTS.md (project, 0)=R", "r/.claude/AGENTS.md (project, 0)=RD", "r/s/AGENTS.md (project, 0)=S"},
		},
		{
			name: "CC-24 a CLAUDE.md anywhere on the walk turns every AGENTS.md off",
			tree: map[string]string{"r/CLAUDE.md": "C", "r/AGENTS.md": "R", "r/s/AGENTS.md": "S"},
			cwd:  "r/s",
			want: []string{"r/CLAUDE.md (project, 0)=C"},
		},
		{
			name: "CC-24 a blank CLAUDE.md and one below cwd do not count",
			tree: map[string]string{"r/CLAUDE.md": " \n<!-- c -->\n", "r/s/CLAUDE.md": "BELOW", "r/AGENTS.md": "R"},
			cwd:  "r",
			want: []string{"r/AGENTS.md (project, 0)=R"},
		},
		{
			name:    "CC-24 CLAUDE.local.md counts when local files are not a setting source",
			tree:    map[string]string{"r/CLAUDE.local.md": "L", "r/AGENTS.md": "R"},
			cwd:     "r",
			sources: []string{"user", "project"},
			want:    []string{},
		},
		{
			name:    "CC-24 no AGENTS.md without the project setting source",
			tree:    map[string]string{"r/AGENTS.md": "R", "h/.claude/CLAUDE.md": "U"},
			cwd:     "r",
			sources: []string{"user", "local"},
			want:    []string{"h/.claude/CLAUDE.md (user, 0)=U"},
		},
		{
			name: "CC-24 after the dir's rules, imports follow; the text of a listed project file is dropped",
			tree: map[string]string{"r/.claude/rules/a.md": "RULE", "r/AGENTS.md": "R @imp.md", "r/imp.md": "IMP", "r/s/.claude/rules/b.md": "SAME", "r/s/AGENTS.md": "\nSAME\n"},
			cwd:  "r",
			want: []string{"r/.claude/rules/a.md (project, 0)=RULE", "r/AGENTS.md (project, 0)=R @imp.md", "r/imp.md (project, 1)=IMP"},
		},
		{
			name: "CC-24 a dir's block goes before the deeper dirs' files",
			tree: map[string]string{"r/.claude/rules/a.md": "RULE", "r/AGENTS.md": "R", "r/s/.claude/rules/b.md": "SUB RULE", "r/s/.claude/AGENTS.md": "SD"},
			cwd:  "r/s",
			want: []string{"r/.claude/rules/a.md (project, 0)=RULE", "r/AGENTS.md (project, 0)=R", "r/s/.claude/rules/b.md (project, 0)=SUB RULE", "r/s/.claude/AGENTS.md (project, 0)=SD"},
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

// TestRulesListingOrder: a rules directory is taken in the order the
// file system lists it ((*os.File).ReadDir(-1), not sorted), a
// subdirectory at its place, depth first (CC-6).
func TestRulesListingOrder(t *testing.T) {
	tree := map[string]string{"r/CLAUDE.md": "C", "r/.claude/rules/sub/in.md": "sub/in"}
	for _, n := range []string{"zeta", "beta", "Alpha", "mid", "omega", "c1", "c2", "c3"} {
		tree["r/.claude/rules/"+n+".md"] = n
	}
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, tree)
	want := []string{"C"}
	for _, e := range oracletest.Listing(t, root+"/r/.claude/rules") {
		if e.IsDir() {
			want = append(want, "sub/in")
		} else {
			want = append(want, strings.TrimSuffix(e.Name(), ".md"))
		}
	}
	opts := claudemd.Options{Cwd: root + "/r", SettingSources: []string{"project"}}
	r, _, err := claudemd.Load(context.Background(), oracletest.DirFS(), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, f := range r.Files {
		got = append(got, f.Text)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rules order:\n got %q\nwant %q (the directory's listing order)", got, want)
	}
}
