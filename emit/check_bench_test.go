package emit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/promptc/promptc/sources/osfs"
)

// monorepo writes a repository of 1,000 directories (10 x 10 x 10) under
// root with a rules source of 2 root rules and 65 rules scoped to
// directories, emits it (AGENTS.md, CLAUDE.md + .claude/rules, GEMINI.md:
// 3 root files and 195 scoped ones) and adds 2 hand-written CLAUDE.md:
// 200 instruction files.
func monorepo(tb testing.TB, root string) (Source, Options) {
	tb.Helper()
	for i := range 10 {
		for j := range 10 {
			for k := range 10 {
				if err := os.MkdirAll(filepath.Join(root, fmt.Sprintf("p%d/m%d/d%d", i, j, k)), 0o755); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		tb.Fatal(err)
	}
	src := Source{Targets: []string{"agents-md", "claude", "gemini"}, Rules: []Rule{
		{ID: "style", Text: "Use tabs.\n"}, {ID: "security", Text: "Never commit secrets.\n"}}}
	for n := range 65 {
		dir := fmt.Sprintf("p%d/m%d/d%d", n%10, (n/10)%10, n%7)
		src.Rules = append(src.Rules, Rule{ID: fmt.Sprintf("r%d", n), Text: fmt.Sprintf("Rule %d for %s.\n", n, dir), AppliesTo: []string{dir + "/**"}})
	}
	for _, d := range []string{"p9/m9", "p8/m8"} {
		if err := os.WriteFile(filepath.Join(root, d, "CLAUDE.md"), []byte("Hand-written.\n"), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	yml := "targets: [agents-md, claude, gemini]\nsections:\n"
	for _, r := range src.Rules {
		yml += fmt.Sprintf("  %s:\n    template: %q\n", r.ID, r.Text)
		if len(r.AppliesTo) > 0 {
			yml += fmt.Sprintf("    applies_to: [%q]\n", r.AppliesTo[0])
		}
	}
	if err := os.MkdirAll(filepath.Join(root, ".promptc"), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".promptc", "rules.yaml"), []byte(yml), 0o644); err != nil {
		tb.Fatal(err)
	}
	opts := Options{Root: root, Scope: ScopeProject}
	res, err := Plan(context.Background(), src, opts)
	if err != nil {
		tb.Fatal(err)
	}
	if errs := Apply(context.Background(), res, opts); len(errs) > 0 {
		tb.Fatal(errs)
	}
	return src, opts
}

// BenchmarkCheckMonorepo: emit --check over the monorepo, in process (a
// fresh check each time: pipelines compiled, every file read). Compare
// with ../shared/bench/floor over the same paths (EMIT_BENCH_FIXTURE=DIR
// keeps the tree there for it).
func BenchmarkCheckMonorepo(b *testing.B) {
	root := os.Getenv("EMIT_BENCH_FIXTURE")
	if root == "" {
		root = b.TempDir()
	} else if err := os.MkdirAll(root, 0o755); err != nil {
		b.Fatal(err)
	}
	root, _ = filepath.EvalSymlinks(root)
	src, opts := monorepo(b, root)
	home := filepath.Join(root, ".home")
	h := Host{Getenv: func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}, Home: home, FS: osfs.Root()}
	cpu0 := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		rep, err := Check(context.Background(), src, opts, h, root)
		if err != nil {
			b.Fatal(err)
		}
		if rep.Failed {
			b.Fatal("check failed")
		}
	}
	// CPU time is the steadier figure on a shared, loaded machine.
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
