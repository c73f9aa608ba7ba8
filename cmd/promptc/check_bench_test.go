package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// checkBenchPipelines are the seven pipelines of the check benchmark;
// pi's family trusts the project with --approve.
var checkBenchPipelines = []struct{ name, args string }{
	{"default", "[--approve]"}, {"pi@1.6.0", "[--approve]"}, {"guarded", "[--approve]"},
	{"claude-code", "[]"}, {"codex", "[]"}, {"gemini-cli", "[]"}, {"opencode", "[]"},
}

// checkBenchDirs are five directories of pi-M's repository, root to the
// fixture's cwd.
var checkBenchDirs = []string{".", "01-macro/02-update", "01-macro/02-update/03-input/04-issue",
	"01-macro/02-update/03-input/04-issue/05-export/06-json",
	"01-macro/02-update/03-input/04-issue/05-export/06-json/07-notify/08-session"}

// piMCheck generates the pi-M bench fixture (../shared/bench) in a temp
// directory and writes a checks file of 7 pipelines x 5 directories into
// its repository, home: the fixture's home. It returns the checks file.
func piMCheck(tb testing.TB) string {
	tb.Helper()
	gen := filepath.Join("..", "..", "..", "shared", "bench", "gen_fixture.py")
	if _, err := os.Stat(gen); err != nil {
		tb.Skip("no ../shared/bench/gen_fixture.py")
	}
	dir, err := filepath.EvalSymlinks(tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	fx := filepath.Join(dir, "pi-M")
	if out, err := exec.Command("python3", gen, "pi", "M", fx).CombinedOutput(); err != nil {
		tb.Skipf("gen_fixture.py: %v\n%s", err, out)
	}
	var b strings.Builder
	b.WriteString("checks:\n")
	for _, p := range checkBenchPipelines {
		for _, d := range checkBenchDirs {
			b.WriteString("  - {pipeline: " + p.name + ", cwd: " + d + ", args: " + p.args + ", home: ../../..}\n")
		}
	}
	file := filepath.Join(fx, "tree", "home", "code", "proj", ".promptc", "checks.yaml")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return file
}

func checkOnce(tb testing.TB, file string, extra ...string) string {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), append([]string{"check", "--checks", file}, extra...), &out, &errOut, osEnv{}); code != 0 {
		tb.Fatalf("promptc check %v: exit %d\n%s%s", extra, code, out.String(), errOut.String())
	}
	return out.String()
}

// BenchmarkCheckPiM is promptc check (in-process, the whole command) of
// 7 pipelines x 5 directories on the pi-M bench fixture, every golden
// matching; it reports CPU ms per check run beside wall time.
func BenchmarkCheckPiM(b *testing.B) {
	file := piMCheck(b)
	checkOnce(b, file, "--update")
	if out := checkOnce(b, file); !strings.Contains(out, "35 passed, 0 failed") {
		b.Fatalf("the checks do not pass:\n%s", out)
	}
	start := processCPU()
	for b.Loop() {
		checkOnce(b, file)
	}
	b.ReportMetric(float64(processCPU()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
