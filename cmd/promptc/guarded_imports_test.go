package main

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/testkit/oracletest"
)

// importChainTree writes a git project whose AGENTS.md and five nested
// a/.../next.md each hold lines copies of "@a/next.md": every line
// imports the next file down, and the sixth file's lines are one level
// too deep. It returns the env and the project dir.
func importChainTree(t *testing.T, lines int) (fakeEnv, string) {
	t.Helper()
	root := oracletest.TempRoot(t)
	text := strings.Repeat("@a/next.md\n", lines)
	tree := map[string]string{"proj/.git/": "", "proj/AGENTS.md": text}
	for depth := 1; depth < 6; depth++ {
		tree["proj/"+strings.Repeat("a/", depth)+"next.md"] = text
	}
	oracletest.WriteTree(t, root, tree)
	return fakeEnv{vars: map[string]string{"HOME": root + "/home", "PROMPTC_SYSTEM_CONFIG": root + "/none.yaml"}, wd: root + "/proj"}, root + "/proj"
}

// TestGuardedImportFanOut: six files of 1,000 (a 64 KB tree) or 5,000
// lines that each import the next file made the guarded pipeline resolve
// about a million imports, each deepest one a warning (995k warnings,
// 300 MB of stderr, 19 s at 1,000 lines; minutes and gigabytes at
// 5,000). Imports are bounded in total work (MaxImports lines resolved,
// MaxImportBytes expanded, each file read once) and a warning repeated
// for the same cause is printed once with its count: both trees build
// with exactly two warnings and a prompt of the same size. The deadline
// and the allocation bound are generous (-race, a slow shared VM); a
// build that fans out again misses both by orders of magnitude.
func TestGuardedImportFanOut(t *testing.T) {
	const (
		deadline   = 20 * time.Second
		allocBound = 256 << 20
	)
	// The prompt's size with the project dir written as $P: the project
	// file is cut to its 6,000-token cap, the omission note's count
	// differing by the expanded size.
	for lines, promptSize := range map[int]int{1000: 13273, 5000: 13274} {
		t.Run(fmt.Sprintf("%d_lines", lines), func(t *testing.T) {
			e, proj := importChainTree(t, lines)
			chain, dir := "$P/AGENTS.md", "$P"
			for range 6 {
				dir += "/a"
				chain += " -> " + dir + "/next.md"
			}
			want := "warning: $P/a/a/a/a/a/next.md: @a/next.md is nested deeper than 5 imports: " + chain + " (995 times)\n" +
				"warning: $P/a/a/a/a/a/next.md: @a/next.md: more than 1000 imports; the rest are not expanded\n"
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			defer cancel()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			var out, errb bytes.Buffer
			code := run(ctx, []string{"build", "--no-config", "--pipeline", "guarded", "--cwd", proj}, &out, &errb, e)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if code != exitOK {
				t.Fatalf("exit %d after %v; stderr (%d bytes) starts:\n%.2000s", code, took, errb.Len(), errb.String())
			}
			if took > deadline {
				t.Errorf("the build took %v, want at most %v", took, deadline)
			}
			if got := strings.ReplaceAll(errb.String(), proj, "$P"); got != want {
				t.Errorf("stderr:\n%.4000s\nwant:\n%s", got, want)
			}
			if got := len(strings.ReplaceAll(out.String(), proj, "$P")); got != promptSize {
				t.Errorf("prompt is %d bytes, want %d", got, promptSize)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > allocBound {
				t.Errorf("the build allocated %d MB, want at most %d", alloc>>20, allocBound>>20)
			}
			t.Logf("%d lines: %v, %d KB allocated, %d bytes of stderr", lines, took, (after.TotalAlloc-before.TotalAlloc)>>10, errb.Len())
		})
	}
}
