package sources

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWalkGuardUnlisted(t *testing.T) {
	g := NewWalkGuard(nil)
	g.Unlisted("/a", &fs.PathError{Op: "open", Path: "/a", Err: syscall.EACCES})
	g.Unlisted("/long", &fs.PathError{Op: "open", Path: "/long", Err: syscall.ENAMETOOLONG})
	g.Unlisted("/longer", &fs.PathError{Op: "open", Path: "/longer", Err: syscall.ENAMETOOLONG})
	if len(g.Diags) != 1 || g.Diags[0].Code != CodePathTooLong || g.Diags[0].Path != "/long" {
		t.Errorf("diags = %v", g.Diags)
	}
	if !errors.Is(&fs.PathError{Err: syscall.ENAMETOOLONG}, syscall.ENAMETOOLONG) {
		t.Error("errors.Is")
	}
}

func TestWalkGuardBudget(t *testing.T) {
	g := NewWalkGuard(nil)
	g.Listed("/big", MaxWalkEntries+1, 0)
	if ok, _ := g.Enter("/next", true); ok || len(g.Diags) != 1 || g.Diags[0].Code != CodeWalkLimit {
		t.Errorf("after the budget: enter %v, diags %v", ok, g.Diags)
	}
}

type statCounter struct {
	FS
	stats int
}

func (c *statCounter) Stat(n string) (fs.FileInfo, error) { c.stats++; return c.FS.Stat(n) }

// TestWalkGuardLinks: directories reached without a link are never
// statted for the guard; a link back into the current path is a
// re-entry, compared with the identities of the path's directories,
// each looked up once.
func TestWalkGuardLinks(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "a"), filepath.Join(root, "a", "b", "up")); err != nil {
		t.Fatal(err)
	}
	fsys := &statCounter{FS: os.DirFS("/").(FS)}
	g := NewWalkGuard(fsys)
	a, b, up := filepath.Join(root, "a"), filepath.Join(root, "a", "b"), filepath.Join(root, "a", "b", "up")
	ok1, leave1 := g.Enter(a, false)
	ok2, leave2 := g.Enter(b, false)
	if !ok1 || !ok2 || fsys.stats != 0 {
		t.Fatalf("plain directories: enter %v %v, %d stats, want none", ok1, ok2, fsys.stats)
	}
	ok3, leave3 := g.Enter(up, true)
	if !ok3 || g.reentries != 1 {
		t.Fatalf("the link back to a: enter %v, re-entries %d, want 1", ok3, g.reentries)
	}
	leave3()
	before := fsys.stats
	if ok, leave := g.Enter(up, true); !ok || g.reentries != 2 || fsys.stats != before+1 {
		t.Fatalf("again: re-entries %d, %d more stats (the path's identities are kept)", g.reentries, fsys.stats-before)
	} else {
		leave()
	}
	leave2()
	leave1()
}
