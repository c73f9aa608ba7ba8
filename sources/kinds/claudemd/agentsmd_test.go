package claudemd_test

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources/kinds/claudemd"
)

// load runs Load on tree (relative paths under a temp root, HOME at h/)
// with cwd and lists "rel=text" per file.
func load(t *testing.T, tree map[string]string, cwd string, sources ...string) []string {
	t.Helper()
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, tree)
	if len(sources) == 0 {
		sources = []string{"user", "project", "local"}
	}
	opts := claudemd.Options{Cwd: root + "/" + cwd, Home: root + "/h", ConfigDir: root + "/h/.claude", SettingSources: sources}
	r, _, err := claudemd.Load(context.Background(), oracletest.DirFS(), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, f := range r.Files {
		got = append(got, strings.TrimPrefix(f.Path, root+"/")+"="+f.Text)
	}
	return got
}

// TestAgentsMD: the AGENTS.md fallback of CC-24, one behaviour a case
// (the recorded cc-agents-* cases pin the same against claude 2.1.332).
func TestAgentsMD(t *testing.T) {
	for _, tc := range []struct {
		name    string
		tree    map[string]string
		cwd     string
		sources []string
		want    []string
	}{
		{
			name: "no CLAUDE-named file: AGENTS.md then .claude/AGENTS.md, outermost first, none below cwd",
			tree: map[string]string{"AGENTS.md": "TOP", "r/.git/": "", "r/.claude/AGENTS.md": "RD", "r/AGENTS.md": "R", "r/s/AGENTS.md": "S", "r/s/b/AGENTS.md": "BELOW"},
			cwd:  "r/s",
			want: []string{"AGENTS.md=TOP", "r/AGENTS.md=R", "r/.claude/AGENTS.md=RD", "r/s/AGENTS.md=S"},
		},
		{
			name: "a CLAUDE.md anywhere on the walk turns every AGENTS.md off",
			tree: map[string]string{"r/CLAUDE.md": "C", "r/AGENTS.md": "R", "r/s/AGENTS.md": "S"},
			cwd:  "r/s",
			want: []string{"r/CLAUDE.md=C"},
		},
		{
			name: "a blank CLAUDE.md and one below cwd do not count",
			tree: map[string]string{"r/CLAUDE.md": " \n<!-- c -->\n", "r/s/CLAUDE.md": "BELOW", "r/AGENTS.md": "R"},
			cwd:  "r",
			want: []string{"r/AGENTS.md=R"},
		},
		{
			name:    "CLAUDE.local.md counts when local files are not a setting source",
			tree:    map[string]string{"r/CLAUDE.local.md": "L", "r/AGENTS.md": "R"},
			cwd:     "r",
			sources: []string{"user", "project"},
			want:    []string{},
		},
		{
			name:    "no AGENTS.md without the project setting source",
			tree:    map[string]string{"r/AGENTS.md": "R", "h/.claude/CLAUDE.md": "U"},
			cwd:     "r",
			sources: []string{"user", "local"},
			want:    []string{"h/.claude/CLAUDE.md=U"},
		},
		{
			name: "each dir's block before the first deeper project file; the text of a listed project file is dropped",
			tree: map[string]string{"r/.claude/rules/a.md": "RULE", "r/AGENTS.md": "R @imp.md", "r/imp.md": "IMP", "r/s/.claude/rules/b.md": "SAME", "r/s/AGENTS.md": "\nSAME\n"},
			cwd:  "r",
			want: []string{"r/.claude/rules/a.md=RULE", "r/AGENTS.md=R @imp.md", "r/imp.md=IMP"},
		},
		{
			name: "deeper files come after the block of an outer directory",
			tree: map[string]string{"r/.claude/rules/a.md": "RULE", "r/AGENTS.md": "R", "r/s/.claude/rules/b.md": "SUB RULE", "r/s/.claude/AGENTS.md": "SD"},
			cwd:  "r/s",
			want: []string{"r/.claude/rules/a.md=RULE", "r/AGENTS.md=R", "r/s/.claude/rules/b.md=SUB RULE", "r/s/.claude/AGENTS.md=SD"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := load(t, tc.tree, tc.cwd, tc.sources...); !reflect.DeepEqual(got, tc.want) {
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
	f, err := os.Open(root + "/r/.claude/rules")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"C"}
	for _, e := range entries {
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
