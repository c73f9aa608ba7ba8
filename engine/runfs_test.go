package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources/osfs"
)

// TestReadBudget: once a run has read its budget, further files fail to
// read the way unreadable files do (here pi's context-file warning), so
// many large files cannot exhaust memory together.
func TestReadBudget(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := root
	for i := 0; i < 4; i++ {
		if err := os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte(strings.Repeat("x", 1000)), 0o644); err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(dir, "d")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	plan, ds, err := pipelines.Compile(ctx, "default", nil, nil)
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	res, err := plan.Run(ctx, engine.Input{FS: osfs.Root(), MaxReadBytes: 2500, Params: map[string]any{
		"cwd": dir, "home": root + "/h", "agent_dir": root + "/h/a"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(res.Text, "<project_instructions"); got != 2 {
		t.Errorf("%d context files in the prompt, want 2", got)
	}
	var warned []string
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "the build has read more than 2500 bytes in all") {
			warned = append(warned, d.Path)
		}
	}
	if len(warned) != 2 {
		t.Errorf("budget warnings for %v, want 2: %v", warned, res.Diagnostics)
	}
}
