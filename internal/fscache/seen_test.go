package fscache

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/promptc/promptc/sources"
)

type countingFS struct {
	sources.FS
	stats atomic.Int64
}

func (c *countingFS) Stat(n string) (fs.FileInfo, error)  { c.stats.Add(1); return c.FS.Stat(n) }
func (c *countingFS) Lstat(n string) (fs.FileInfo, error) { c.stats.Add(1); return c.FS.Lstat(n) }

// TestSeenStats: a build stats each path once (an lstat of a file that
// is no link serves its stat); a Cache outside a build, and every new
// build, stats anew; an error is served to the operation that met it.
func TestSeenStats(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	file, link := filepath.Join(root, "f"), filepath.Join(root, "l")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	fsys := &countingFS{FS: os.DirFS("/").(sources.FS)}
	c := New(fsys)
	name := func(p string) string { return p[1:] }
	calls := func(do func()) int64 {
		before := fsys.stats.Load()
		do()
		return fsys.stats.Load() - before
	}
	if n := calls(func() { c.Lstat(name(file)); c.Stat(name(file)) }); n != 2 {
		t.Errorf("outside a build: %d stats, want 2", n)
	}
	c.BeginBuild()
	if n := calls(func() { c.Lstat(name(file)); c.Stat(name(file)); c.Stat(name(file)) }); n != 1 {
		t.Errorf("in a build: %d stats of one file, want 1 (its lstat serves its stat)", n)
	}
	if n := calls(func() { c.Lstat(name(link)); c.Stat(name(link)); c.Stat(name(link)) }); n != 2 {
		t.Errorf("in a build: %d stats of a link, want 2 (its lstat is not its stat)", n)
	}
	missing := name(filepath.Join(root, "missing"))
	var errs [2]error
	if n := calls(func() { _, errs[0] = c.Stat(missing); _, errs[1] = c.Stat(missing) }); n != 1 {
		t.Errorf("in a build: %d stats of a missing path, want 1 (its error is served)", n)
	}
	if errs[0] == nil || errs[1] != errs[0] {
		t.Errorf("in a build: stat errors %v then %v, want the first served again", errs[0], errs[1])
	}
	var lerr error
	if n := calls(func() { _, lerr = c.Lstat(missing) }); n != 0 {
		t.Errorf("in a build: %d lstats of a missing path after its stat, want 0 (the stat asked the lstat)", n)
	}
	var pe *fs.PathError
	if !errors.As(errs[0], &pe) || pe.Op != "stat" || !errors.As(lerr, &pe) || pe.Op != "lstat" {
		t.Errorf("in a build: errors %v and %v, want each in its operation's words", errs[0], lerr)
	}
	if n := calls(func() { c.Stat(name(root)); c.Lstat(name(root)) }); n != 1 {
		t.Errorf("in a build: %d stats and lstats of a directory, want 1 (a stat asks the lstat)", n)
	}
	c.BeginBuild()
	if n := calls(func() { c.Stat(name(file)); c.Stat(name(file)) }); n != 1 {
		t.Errorf("a new build: %d stats, want 1", n)
	}
	if n := calls(func() { c.Lstat(name(link)) }); n != 1 {
		t.Errorf("a new build: %d lstats of a path the last build saw, want 1", n)
	}
}

// TestValidationStatsServed: the lstats a validation makes in a build
// serve that build, so a computation that runs again because a fact no
// longer holds does not make them twice.
func TestValidationStatsServed(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	for _, f := range []string{a, b} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fsys := &countingFS{FS: os.DirFS("/").(sources.FS)}
	c := New(fsys)
	c.BeginBuild()
	tr := c.Track()
	for _, f := range []string{a, b} {
		if _, err := tr.Lstat(f[1:]); err != nil {
			t.Fatal(err)
		}
	}
	c.BeginBuild()
	if !c.Valid(tr.Deps()) {
		t.Fatal("unchanged facts do not hold")
	}
	if n := fsys.stats.Load(); n != 4 {
		t.Fatalf("%d stats after one validation, want 4", n)
	}
	if !c.Valid(tr.Deps()) {
		t.Fatal("unchanged facts do not hold")
	}
	if n := fsys.stats.Load(); n != 4 {
		t.Errorf("%d stats after a second validation in the same build, want 4", n)
	}
	if err := os.Remove(b); err != nil {
		t.Fatal(err)
	}
	c.BeginBuild()
	if c.Valid(tr.Deps()) {
		t.Fatal("the facts hold after b was removed")
	}
	before := fsys.stats.Load()
	c.Lstat(b[1:])
	if n := fsys.stats.Load() - before; n != 0 {
		t.Errorf("%d lstats of the path whose fact failed, want 0", n)
	}
	before = fsys.stats.Load()
	c.Lstat(a[1:])
	c.Stat(a[1:])
	c.Lstat(a[1:])
	if n := fsys.stats.Load() - before; n > 1 {
		t.Errorf("%d stats of a path in a build, want at most 1", n)
	}
}
