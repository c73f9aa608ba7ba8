package fscache

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// TestSnapshotSharesResolver: everyone resolving through a Snapshot gets
// its one Resolver (sources.NewResolver), which resolves a link as
// sources.Realpath does and serves it again without an lstat; a Cache
// that is no Snapshot shares none.
func TestSnapshotSharesResolver(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	if err := os.MkdirAll(filepath.Join(dir, "real/sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	snap := Snapshot(osfs.Root())
	r1, r2 := sources.NewResolver(snap), sources.NewResolver(snap)
	if r1 == nil || r1 != r2 || r1 != snap.SharedResolver() {
		t.Fatalf("two resolvers over one snapshot: %p and %p, shared %p", r1, r2, snap.SharedResolver())
	}
	p := filepath.Join(dir, "link/sub")
	want, err := sources.Realpath(osfs.Root(), p)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if got, err := r2.Realpath(p); err != nil || got != want {
			t.Errorf("Realpath(%s) = %q, %v; want %q", p, got, err, want)
		}
	}
	if got := r1.Learned()[p]; got != want {
		t.Errorf("the other resolver knows %s as %q, want %q (not shared)", p, got, want)
	}
	if c := New(osfs.Root()); c.SharedResolver() != nil || sources.NewResolver(c) == sources.NewResolver(c) {
		t.Error("a Cache that is no Snapshot shares a Resolver")
	}
}
