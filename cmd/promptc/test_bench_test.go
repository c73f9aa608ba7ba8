package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/casetest"
)

// benchCases writes n cases of the default pipeline (a project with
// context files up the tree, a skill, a prompt template) to dir, with
// their wants, and returns them.
func benchCases(b *testing.B, dir string, n int) []casetest.CaseFile {
	b.Helper()
	var files []casetest.CaseFile
	for i := range n {
		spec := casetest.Spec{
			Doc:  fmt.Sprintf("Benchmark case %d.", i),
			Args: []string{"--cwd", "$WORK/home/src/proj", "--approve"},
			Files: []casetest.SpecFile{
				{Name: "home/AGENTS.md", Data: []byte("Home rule.\n")},
				{Name: "home/src/proj/AGENTS.md", Data: []byte(fmt.Sprintf("Project %d: use tabs.\n", i))},
				{Name: "home/.pi/agent/skills/lint/SKILL.md", Data: []byte("---\nname: lint\ndescription: Lints.\n---\nRun the linter.\n")},
				{Name: "home/.pi/agent/prompts/review.md", Data: []byte("Review $1.\n")},
			},
		}
		data, err := spec.Format()
		if err != nil {
			b.Fatal(err)
		}
		p := filepath.Join(dir, fmt.Sprintf("c%03d.txtar", i))
		if err := os.WriteFile(p, data, 0o666); err != nil {
			b.Fatal(err)
		}
		files = append(files, casetest.CaseFile{Path: p, Name: strings.TrimSuffix(filepath.Base(p), ".txtar")})
	}
	// Write the wants once (--update), untimed.
	r := benchRunner()
	r.Update = true
	r.Run(context.Background(), files)
	return files
}

func benchRunner() *casetest.Runner {
	return &casetest.Runner{Report: report, Warn: printWarnings}
}

// BenchmarkTest200 runs promptc test's runner over 200 passing cases of
// the default pipeline, GOMAXPROCS at a time; cases/s is the figure to
// read (go test -run '^$' -bench Test200 -cpu 2 ./cmd/promptc). The target
// is 200 cases in under 5 s on 2 cores.
func BenchmarkTest200(b *testing.B) {
	files := benchCases(b, b.TempDir(), 200)
	r := benchRunner()
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		for _, res := range r.Run(context.Background(), files) {
			if res.Status != casetest.Passed {
				b.Fatalf("%s: %s %s", res.Path, res.Status, res.Message)
			}
		}
	}
	per := time.Since(start) / time.Duration(b.N)
	b.ReportMetric(200/per.Seconds(), "cases/s")
	b.ReportMetric(per.Seconds(), "s/200cases")
}
