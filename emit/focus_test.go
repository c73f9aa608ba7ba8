package emit

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources/osfs"
)

// TestAgentRunsTheContextSections: the check runs each verified agent's
// pipeline focused on its context source (engine.Plan.Focus): every
// section it renders is the whole pipeline's, with the same text, from
// the root and a nested directory; the sections it leaves out read no
// context; and pi's body, tools and skills are left out, so the focus is
// not empty.
func TestAgentRunsTheContextSections(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	home := filepath.Join(root, ".home")
	for _, d := range []string{".git", "a", ".home"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{"AGENTS.md": "Root rule.\n", "GEMINI.md": "Gemini.\n", "CLAUDE.md": "Claude.\n", "a/AGENTS.md": "A rule.\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := homeHost(home, fscache.Snapshot(osfs.Root()))
	ctx := context.Background()
	left := map[string]int{}
	for _, run := range verifiedRuns(t, h, root) {
		a := run.agent
		whole, err := compiledPlan(ctx, a.Pipeline)
		if err != nil {
			t.Fatal(err)
		}
		for _, dir := range []string{root, filepath.Join(root, "a")} {
			params := run.paramsIn(dir)
			got, err := run.plan.Run(ctx, run.input(params))
			if err != nil {
				t.Fatal(err)
			}
			want, err := whole.Run(ctx, run.input(params))
			if err != nil {
				t.Fatal(err)
			}
			kept := map[string]string{}
			for _, s := range got.Sections {
				kept[s.ID] = s.Text
			}
			for _, s := range want.Sections {
				text, ok := kept[s.ID]
				switch {
				case ok && text != s.Text:
					t.Errorf("%s from %s: section %s is %q focused, %q in the whole pipeline", a.Name, dir, s.ID, text, s.Text)
				case !ok && slices.Contains(s.Uses, run.ctxID):
					t.Errorf("%s from %s: section %s reads %s and was left out", a.Name, dir, s.ID, run.ctxID)
				case !ok:
					left[a.Name]++
				}
			}
			if len(got.Sections) == 0 {
				t.Errorf("%s: the focused pipeline has no section", a.Name)
			}
		}
	}
	if left["pi"] == 0 {
		t.Error("pi's focused pipeline left out no section: the test compares the whole pipeline with itself")
	}
}
