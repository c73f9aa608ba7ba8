package emit

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/promptc/promptc/sources"
)

// countingFS counts the stats and reads that reach the file system.
type countingFS struct {
	sources.FS
	stats, reads atomic.Int32
}

func (c *countingFS) Stat(name string) (fs.FileInfo, error) {
	c.stats.Add(1)
	return c.FS.Stat(name)
}

func (c *countingFS) ReadFile(name string) ([]byte, error) {
	c.reads.Add(1)
	return c.FS.ReadFile(name)
}

// TestSnapshotOncePerPath: a path is stat'ed and read once, a missing one
// too, and callers get their own bytes.
func TestSnapshotOncePerPath(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "AGENTS.md")
	if err := os.WriteFile(p, []byte("rule\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := &countingFS{FS: os.DirFS("/").(sources.FS)}
	s := newSnapshotFS(base)
	for range 3 {
		if _, err := s.Stat(sources.Name(p)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Stat(sources.Name(p + ".missing")); err == nil {
			t.Fatal("a missing file exists")
		}
		b, err := sources.ReadFile(s, p)
		if err != nil || string(b) != "rule\n" {
			t.Fatalf("read %q, %v", b, err)
		}
		b[0] = 'X' // the caller owns its copy
	}
	if n := base.stats.Load(); n != 3 { // the file, the missing one, ReadFile's own stat
		t.Errorf("%d stats reached the base, want 3", n)
	}
	if n := base.reads.Load(); n != 1 {
		t.Errorf("%d reads reached the base, want 1", n)
	}
}
