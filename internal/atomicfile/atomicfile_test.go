package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// failingRename is the real file system whose renames fail.
type failingRename struct{ FS }

var errRename = errors.New("rename refused")

func (failingRename) Rename(string, string) error { return errRename }

// TestWriteInLeavesOldFileOnFailure: a failure injected through the FS
// seam leaves the old file whole and no temporary file; through the
// real one the file is replaced and keeps its permission bits.
func TestWriteInLeavesOldFileOnFailure(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	if err := os.WriteFile(name, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteIn(failingRename{OS()}, name, []byte("new"), 0o644); !errors.Is(err, errRename) {
		t.Fatalf("WriteIn = %v, want the rename's error", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "old" {
		t.Errorf("after a failed write: %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	if err := Write(name, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(name)
	if b, _ := os.ReadFile(name); string(b) != "new" || err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("after Write: %q, mode %v, %v", b, fi.Mode(), err)
	}
	if err := os.Symlink(name, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := Write(filepath.Join(dir, "link"), []byte("x"), 0o644); err == nil {
		t.Error("wrote through a link")
	}
}
