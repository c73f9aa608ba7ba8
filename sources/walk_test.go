package sources

import (
	"errors"
	"io/fs"
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
	if ok, _ := g.Enter("/next"); ok || len(g.Diags) != 1 || g.Diags[0].Code != CodeWalkLimit {
		t.Errorf("after the budget: enter %v, diags %v", ok, g.Diags)
	}
}
