package emit

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources/osfs"
)

// TestNoProvenanceSameText: each verified agent's run as the check makes
// it (engine.Input.NoProvenance) gives the text, sections, source values,
// exclusions and diagnostics of a full run, from the root and a nested
// directory of a tree with nested files, a shadowed one and a context
// file that is a link out of the roots; only the provenance differs (no
// origins, labels, false terms, no warning about the link), and the full
// run does have some, so the comparison is not empty.
func TestNoProvenanceSameText(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	outside, _ := filepath.EvalSymlinks(t.TempDir())
	home := filepath.Join(root, ".home")
	for _, d := range []string{".git", "a/b", ".home"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		"AGENTS.md": "Root rule.\n", "CLAUDE.md": "Claude root.\n", "GEMINI.md": "Gemini root.\n",
		"a/AGENTS.md": "A rule.\n", "a/AGENTS.override.md": "Override.\n", "a/b/GEMINI.md": "B gemini.\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "AGENTS.md"), []byte("Out there.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "AGENTS.md"), filepath.Join(root, "a/b/AGENTS.md")); err != nil {
		t.Fatal(err)
	}
	h := homeHost(home, fscache.Snapshot(osfs.Root()))
	ctx := context.Background()
	var provenance, outsideWarnings int
	for _, run := range verifiedRuns(t, h, root) {
		a := run.agent
		for _, dir := range []string{root, filepath.Join(root, "a"), filepath.Join(root, "a/b")} {
			params := run.paramsIn(dir)
			lean, lerr := run.plan.Run(ctx, run.input(params))
			in := run.input(params)
			in.NoProvenance = false
			full, ferr := run.plan.Run(ctx, in)
			if lerr != nil || ferr != nil {
				t.Fatalf("%s from %s: %v / %v", a.Name, dir, lerr, ferr)
			}
			if lean.Text != full.Text {
				t.Errorf("%s from %s: text %q without provenance, %q with", a.Name, dir, lean.Text, full.Text)
			}
			if len(lean.Sections) != len(full.Sections) {
				t.Fatalf("%s from %s: %d sections without provenance, %d with", a.Name, dir, len(lean.Sections), len(full.Sections))
			}
			for i, s := range full.Sections {
				provenance += len(s.Origins) + len(s.Labels) + len(s.FalseTerms)
				l := lean.Sections[i]
				if l.ID != s.ID || l.Text != s.Text || l.Active != s.Active || l.Disabled != s.Disabled {
					t.Errorf("%s from %s: section %s differs without provenance", a.Name, dir, s.ID)
				}
				if len(l.Origins) != 0 || l.Origins == nil || l.Labels != nil || l.FalseTerms != nil {
					t.Errorf("%s from %s: section %s keeps provenance: %v %v %v", a.Name, dir, s.ID, l.Origins, l.Labels, l.FalseTerms)
				}
			}
			if lean.Layers == nil || len(lean.Layers) != 0 || lean.Overrides == nil || len(lean.Overrides) != 0 {
				t.Errorf("%s from %s: layers %v and overrides %v without provenance, want both empty", a.Name, dir, lean.Layers, lean.Overrides)
			}
			if !reflect.DeepEqual(lean.Sources, full.Sources) {
				t.Errorf("%s from %s: the sources' reports differ without provenance", a.Name, dir)
			}
			var diags []string
			for _, d := range full.Diagnostics {
				if d.Code == engine.CodeOutsideRoots {
					outsideWarnings++
					continue
				}
				diags = append(diags, d.String())
			}
			var leanDiags []string
			for _, d := range lean.Diagnostics {
				leanDiags = append(leanDiags, d.String())
			}
			if !reflect.DeepEqual(leanDiags, diags) {
				t.Errorf("%s from %s: diagnostics %v without provenance, %v with (less the links out)", a.Name, dir, leanDiags, diags)
			}
		}
	}
	if provenance == 0 || outsideWarnings == 0 {
		t.Errorf("the full runs gave %d origins, labels and false terms and %d warnings of links out: the test compares nothing", provenance, outsideWarnings)
	}
}
