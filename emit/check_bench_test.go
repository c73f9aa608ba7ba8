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
// fresh check each time: pipelines compiled once per process, every file
// read). Compare with ../shared/bench/floor over the same paths
// (EMIT_BENCH_FIXTURE=DIR keeps the tree there for it); bench/emit_check.sh
// runs both in one sitting.
//
// Figures, 2026-12-05, 2 cores (AMD EPYC, shared; load 1.0-1.4), 3
// rounds alternating the build before this round's work (ec02186) and
// after it (the floor taken over each one's own paths, since the check
// now touches fewer):
//   - before: 20.6-22.2 ms wall, 34.6-37.0 CPU-ms, 11.4 MB and 95,000
//     allocations per check; 2,353 distinct paths, floor 2.70 ms: 7.6-8.2x.
//   - after: 9.6-12.1 ms wall (9.6-9.7 in the two quieter rounds),
//     17.3-22.1 CPU-ms, 5.3 MB and 56,000 allocations; 1,529 distinct
//     paths, floor 2.00 ms: 4.8-6.0x (4.8x quiet; in CPU, which uses
//     both cores where the floor uses one, 8.7-11x, from 12.8-13.7x). The CLI
//     (promptc emit --check, process start and compiles included): 31 ms
//     a run, 51 before.
//
// What changed: each agent's pipeline runs focused on its context source
// (engine.Plan.Focus: pi's body, tools and skills are neither rendered
// nor looked up, hence the fewer paths); the plan and the lint run beside
// the builds; one fscache Snapshot (stats in a sync.Map, failed reads and
// racy files answered once) instead of a second cache; runs look their
// roots up only when they use them, reuse a finished run's maps, and set
// options by index; the rules of nested files are listed once per
// directory, not as a verdict each.
//
// Issue 31's target is 3x; what is left (pprof, GOMAXPROCS=1, 16 ms a
// check): ~23% the first look at each path (the syscalls themselves: a Go
// replay of the same paths takes 2.3-2.5 ms against C's 2.0), ~55% the
// 265 pipeline runs (66 directories for codex, opencode, pi and
// gemini-cli, 1 for claude-code: ~15-20 us each warm, kinds' ancestor
// lookups, engine bookkeeping and text/template about a third each),
// ~12% GC, the plan and lint ~10%. Tried and not kept: a Builder per
// agent (slower: its facts repeat the snapshot's work), a per-directory
// step memo in the kinds' walks (no gain: a memo lookup costs what the
// few cached stats it saves do), and an RWMutex over the snapshot's stats
// (slower than the mutex on 2 cores).
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
	h := homeHost(home, osfs.Root())
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
