package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recordFixture writes a project whose AGENTS.md holds size bytes of
// rule lines under a fresh HOME, and returns the project directory.
func recordFixture(b testing.TB, size int) string {
	b.Helper()
	home, err := filepath.EvalSymlinks(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	var doc strings.Builder
	for i := 0; doc.Len() < size; i++ {
		fmt.Fprintf(&doc, "- rule %d: keep functions short, name things for what they hold, test the edge cases\n", i)
	}
	if err := os.WriteFile(filepath.Join(proj, "AGENTS.md"), []byte(doc.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Setenv("HOME", home)
	b.Setenv("SOURCE_DATE_EPOCH", "1767225600")
	return proj
}

// BenchmarkRecord compares promptc record with the build it snapshots,
// on a project with an 8 MiB AGENTS.md: record must cost a small
// multiple of the build (it builds, writes the case and replays it once
// in its sandbox). Read the ratio of the two ns/op (go test -run '^$'
// -bench Record -benchtime 3x ./cmd/promptc).
func BenchmarkRecord(b *testing.B) {
	proj := recordFixture(b, 8<<20)
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			var out, errb bytes.Buffer
			if code := run(context.Background(), []string{"build", "--no-config", "--cwd", proj}, &out, &errb, osEnv{}); code != exitOK {
				b.Fatalf("build: exit %d: %s", code, errb.String())
			}
		}
	})
	record := func(b *testing.B) {
		out := filepath.Join(b.TempDir(), "rec.txtar")
		for b.Loop() {
			var stdout, errb bytes.Buffer
			if code := run(context.Background(), []string{"record", "--no-config", "--cwd", proj, out}, &stdout, &errb, osEnv{}); code != exitOK {
				b.Fatalf("record: exit %d: %s", code, errb.String())
			}
		}
	}
	// From the package directory, $WORK is / (the case holds the working
	// directory too); from the project's home, $WORK is that home.
	b.Run("record", record)
	b.Run("record-from-home", func(b *testing.B) {
		b.Chdir(filepath.Dir(proj))
		record(b)
	})
}

// TestRecordCostsAFewBuilds: promptc record allocates a small multiple of
// what the build it records allocates (it builds, writes the case,
// replays it once in its sandbox and compares): at most 10 times, on a
// project with a 2 MiB AGENTS.md. It allocated 50 times as much when the
// replay diffed the whole prompt (token counts included) against the
// empty want it then wrote, and decoded the build's JSON, which holds the
// prompt three times.
func TestRecordCostsAFewBuilds(t *testing.T) {
	proj := recordFixture(t, 2<<20)
	out := filepath.Join(t.TempDir(), "rec.txtar")
	alloc := func(args ...string) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr, osEnv{}); code != exitOK {
			t.Fatalf("promptc %s: exit %d: %s", args[0], code, stderr.String())
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	alloc("build", "--no-config", "--cwd", proj) // warm: pipelines compiled once
	build := alloc("build", "--no-config", "--cwd", proj)
	record := alloc("record", "--no-config", "--cwd", proj, out)
	t.Logf("build allocates %d KB, record %d KB (%.1fx)", build>>10, record>>10, float64(record)/float64(build))
	if record > 10*build {
		t.Errorf("record allocates %d KB, %.1f times the build's %d KB; want at most 10 times", record>>10, float64(record)/float64(build), build>>10)
	}
}
