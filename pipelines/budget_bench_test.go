package pipelines_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources/osfs"
)

// budgetOverlay bounds the default pipeline to 8,000 tokens: the skills
// index drops skills from the end, the context files' texts are cut, the
// largest first. (The default pipeline itself has no budget: pi has none.)
const budgetOverlay = `
budget: {limit: 8000, unit: tokens}
sections:
  skills:
    budget: {strategy: drop_items, items: skills}
  project_context:
    budget: {strategy: head_tail, items: context}
`

// bigContext adds 2 MB of context files to a fixture: 8 AGENTS.md of
// 256 KB along the cwd's ancestors.
func bigContext(tb testing.TB, params map[string]any) {
	tb.Helper()
	dir := params["cwd"].(string)
	line := "Rule: keep every function short, name it for what it does, and cover it with a test.\n"
	body := strings.Repeat(line, 256*1024/len(line))
	for i := 0; i < 8; i++ {
		if err := os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
		dir = filepath.Dir(dir)
	}
}

// BenchmarkBudget compares the default pipeline's build of 1,000 skills
// and 2 MB of context files, unbudgeted, with the same build cut to 8,000
// tokens (o200k_base): the cost of counting and cutting.
func BenchmarkBudget(b *testing.B) {
	params := fixture(b, 1000, 16)
	bigContext(b, params)
	budgeted, ds, err := pipelines.Compile(context.Background(), "default", []spec.Layer{{Name: "budget.yaml", Data: []byte(budgetOverlay)}}, nil)
	if err != nil || ds.HasErrors() {
		b.Fatalf("compile: %v %v", err, ds)
	}
	fsys := osfs.Root()
	for _, pc := range []struct {
		name string
		plan *engine.Plan
	}{{"unbudgeted", compileDefault(b)}, {"budget=8000tokens", budgeted}} {
		b.Run(pc.name, func(b *testing.B) {
			b.ReportAllocs()
			var res *engine.Result
			for b.Loop() {
				var err error
				if res, err = pc.plan.Run(context.Background(), engine.Input{FS: fsys, Params: params}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(res.Text)), "prompt-bytes")
			if res.Budget != nil {
				b.ReportMetric(float64(res.Budget.After), "tokens")
				b.ReportMetric(float64(len(res.Cuts)), "cuts")
			}
		})
	}
}

// TestBudgetedDefaultFits: the benchmark's budgeted build fits 8,000
// tokens, says where it cut, and leaves pi's text outside the cuts alone.
func TestBudgetedDefaultFits(t *testing.T) {
	if testing.Short() {
		t.Skip("2 MB of context")
	}
	params := fixture(t, 1000, 16)
	bigContext(t, params)
	plan, ds, err := pipelines.Compile(context.Background(), "default", []spec.Layer{{Name: "budget.yaml", Data: []byte(budgetOverlay)}}, nil)
	if err != nil || ds.HasErrors() {
		t.Fatalf("compile: %v %v", err, ds)
	}
	res, err := plan.Run(context.Background(), engine.Input{FS: osfs.Root(), Params: params})
	if err != nil {
		t.Fatal(err)
	}
	if res.Budget.After > 8000 || len(res.Cuts) == 0 || !strings.Contains(res.Text, "omitted") {
		t.Fatalf("budget %+v, %d cuts", res.Budget, len(res.Cuts))
	}
}
