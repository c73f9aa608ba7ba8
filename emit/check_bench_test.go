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
// keeps the tree there for it); bench/emit_check.sh runs both in one
// sitting.
//
// Figures (bench/emit_check.sh, before and after alternating in one
// sitting, 2 rounds each twice, 2 cores shared at load 5.6-9: wall times
// are noise, CPU is the figure to compare): 2,359 distinct paths (1
// listed, 200 read, 2,158 looked up); floor medians 3.4-8.5 ms (3.4-4.2
// in the quieter rounds; 2.9-3.8 at load ~1).
//   - before (2893730): 52.7-60.0 CPU-ms/op, 57-84 ms wall; 4,557-4,583
//     syscalls on those paths (1.93 per path).
//   - after: 48.8-52.0 CPU-ms/op, 66-80 ms wall; 2,656-2,703 syscalls
//     (1.13 per path): the plan reads through the pipelines' snapshot
//     (checkFS), each (agent, directory) build is one job on GOMAXPROCS
//     workers, the snapshot is a sync.Map, and verifyDir's "elsewhere"
//     reasons are made once per agent and its searches filtered
//     (gramFilter).
//
// That is still ~12-15x the floor in CPU (issue 31's target is 3x): 76%
// of the CPU is the 330 engine runs (5 pipelines from 66 directories,
// each a full Plan.Run: warm, ~55 us for codex, ~75 for opencode and
// gemini-cli, ~215 for pi), which emit cannot make cheaper; emit's own
// work (plan, lint, reports) is ~10%.
//
// 2026-12-04, the engine's per-run cost (2 cores, AMD EPYC, shared; 6
// rounds alternating before and after in one sitting, load 1.3-5.5; the
// same 2,359 paths, 2,651-2,684 syscalls either way; floor medians
// 2.8-4.3 ms, 2.9-3.2 in most rounds):
//   - before (abfcb90): 47.0-61.0 CPU-ms/op (median 50.6), 15.25 MB and
//     128,000 allocations per check.
//   - after: 39.4-51.3 CPU-ms/op (median 46.4: -8% by the medians,
//     -14% by the median of the paired rounds' ratios, 0.81-1.05),
//     11.37 MB (-25%) and 94,800 allocations (-26%) per check. An
//     expression or template that reads its inputs by name evaluates
//     over the run's own values (no map per evaluation), one expr VM per
//     run, no provenance the check does not read (Input.NoProvenance),
//     one Resolver for every run over the check's snapshot, and the hot
//     kinds join paths without path.Join's second allocation.
//
// So still ~14-16x the floor in CPU (the medians), not 3x. Of what is
// left (pprof, 200 checks): 22% is the snapshot's first look at each
// path (the floor's own syscalls, ~9 ms/op here), ~21% allocation and
// GC, ~10% rendering (text/template), ~46% the kinds' resolution, a
// third of it that first look. The next candidates are a few percent
// each: sources.Set's lookup of an option by name (eachField, ~3.5%),
// two caches of each path (the fscache Snapshot over emit's snapshotFS,
// ~6%), and the kinds' ancestor walks repeated for every directory (a
// step memo over the snapshot).
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
