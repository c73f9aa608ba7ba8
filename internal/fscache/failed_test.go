package fscache

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// openCounter counts the reads and listings that reach the file system.
type openCounter struct {
	sources.FS
	opens atomic.Int32
}

func (o *openCounter) ReadRegular(name string, max int64) ([]byte, fs.FileInfo, error) {
	o.opens.Add(1)
	return o.FS.(sources.RegularReader).ReadRegular(name, max)
}

func (o *openCounter) ReadDirInfo(name string) ([]fs.DirEntry, fs.FileInfo, error) {
	o.opens.Add(1)
	return o.FS.(sources.DirReader).ReadDirInfo(name)
}

// TestFailedReadHoldsWithinABuild: a file or a directory that is not
// there is opened once in a build, fails the same way every time, and is
// looked for again in the next build (where it now exists).
func TestFailedReadHoldsWithinABuild(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	file, dir := filepath.Join(root, "config.toml"), filepath.Join(root, "extensions")
	base := &openCounter{FS: osfs.Root()}
	c := New(base)
	c.BeginBuild()
	var first error
	for i := range 3 {
		_, err := sources.ReadFile(c, file)
		if err == nil {
			t.Fatal("a missing file was read")
		}
		if i == 0 {
			first = err
		} else if err.Error() != first.Error() {
			t.Errorf("read %d failed as %v, the first as %v", i, err, first)
		}
		if _, err := c.ReadDir(sources.Name(dir)); err == nil {
			t.Fatal("a missing directory was listed")
		}
	}
	if n := base.opens.Load(); n != 2 {
		t.Errorf("%d opens reached the file system in one build, want 2 (the file, the directory)", n)
	}
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c.BeginBuild()
	if b, err := sources.ReadFile(c, file); err != nil || string(b) != "x" {
		t.Errorf("next build: %q, %v; want the file made since", b, err)
	}
	if _, err := c.ReadDir(sources.Name(dir)); err != nil {
		t.Errorf("next build: %v; want the directory made since", err)
	}
}
