package fscache

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
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

// regularCountingFS is the host's file system, counting stats and regular
// reads.
type regularCountingFS struct {
	countingFS
	reads atomic.Int64
}

func (c *regularCountingFS) ReadRegular(n string, max int64) ([]byte, fs.FileInfo, error) {
	c.reads.Add(1)
	return c.FS.(sources.RegularReader).ReadRegular(n, max)
}

// TestReadServesItsStat: in a build, the fstat of a file read stands for
// its stat (no call), unless the build has already statted it; and a parse
// made in a build holds for the rest of it, even of a file changed too
// recently to be trusted by a later build.
func TestReadServesItsStat(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil { // racy: just written
			t.Fatal(err)
		}
	}
	fsys := &regularCountingFS{countingFS: countingFS{FS: osfs.Root()}}
	c := New(fsys)
	c.BeginBuild()
	parse := func(b []byte) (any, error) { return string(b), nil }
	if _, err := c.ReadParsed(a[1:], "k", parse); err != nil {
		t.Fatal(err)
	}
	stats := fsys.stats.Load()
	fi, err := c.Stat(a[1:])
	if err != nil || fsys.stats.Load() != stats || fi.Size() != 1 {
		t.Errorf("the stat of a file read in this build made %d calls (%v)", fsys.stats.Load()-stats, err)
	}
	if _, err := c.ReadParsed(a[1:], "k", parse); err != nil || fsys.reads.Load() != 1 {
		t.Errorf("a racy file parsed in this build was read again (%d reads, %v)", fsys.reads.Load(), err)
	}
	first, _ := c.Stat(b[1:])
	if _, _, err := c.ReadRegular(b[1:], 10); err != nil {
		t.Fatal(err)
	}
	if again, _ := c.Stat(b[1:]); again != first {
		t.Error("a read replaced the stat the build had already seen")
	}
	c.BeginBuild()
	reads := fsys.reads.Load()
	if _, err := c.ReadParsed(a[1:], "k", parse); err != nil || fsys.reads.Load() != reads+1 {
		t.Errorf("the next build trusted a racy parse (%d reads, %v)", fsys.reads.Load()-reads, err)
	}
}

// dirCountingFS is the host's file system, counting stats and listings.
type dirCountingFS struct {
	countingFS
	lists atomic.Int64
}

func (c *dirCountingFS) ReadDirInfo(n string) ([]fs.DirEntry, fs.FileInfo, error) {
	c.lists.Add(1)
	return c.FS.(sources.DirReader).ReadDirInfo(n)
}

func (c *dirCountingFS) ReadDir(n string) ([]fs.DirEntry, error) {
	c.lists.Add(1)
	return c.FS.ReadDir(n)
}

// TestPrefetchDir: a directory listed ahead in a build is served to the
// build's ReadDir without a call, even when changed too recently for a
// later build to trust it; outside a build, for a failing path, or for a
// directory already cached, PrefetchDir does nothing; the next build
// validates what it listed by stat, as ever.
func TestPrefetchDir(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "f"), []byte("x"), 0o644); err != nil { // racy: just written
		t.Fatal(err)
	}
	fsys := &dirCountingFS{countingFS: countingFS{FS: osfs.Root()}}
	c := New(fsys)
	dir, missing := root[1:], root[1:]+"/missing"
	calls := func(do func()) int64 {
		before := fsys.stats.Load() + fsys.lists.Load()
		do()
		return fsys.stats.Load() + fsys.lists.Load() - before
	}
	if n := calls(func() { c.PrefetchDir(dir) }); n != 0 {
		t.Errorf("outside a build: %d calls, want none", n)
	}
	c.BeginBuild()
	if n := calls(func() { c.PrefetchDir(dir) }); n != 1 {
		t.Errorf("listing ahead: %d calls, want 1", n)
	}
	var entries []fs.DirEntry
	if n := calls(func() { entries, err = c.ReadDir(dir) }); n != 0 || err != nil || len(entries) != 1 {
		t.Errorf("the build's ReadDir after listing ahead: %d calls, %d entries, %v", n, len(entries), err)
	}
	if n := calls(func() { c.PrefetchDir(dir) }); n != 0 {
		t.Errorf("listing a cached directory ahead: %d calls, want none", n)
	}
	c.PrefetchDir(missing)
	if _, err := c.ReadDir(missing); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadDir of a missing directory listed ahead: %v", err)
	}
	c.BeginBuild()
	if n := calls(func() { entries, err = c.ReadDir(dir) }); n != 2 || err != nil || len(entries) != 1 {
		t.Errorf("the next build: %d calls (a stat, and a listing: the last was racy), %v", n, err)
	}
}

// TestSnapshotStatsConcurrently: a Snapshot's stats, looked up by many
// goroutines at once without a lock, answer as the file system does (a
// file, a directory, a link, a dangling link, a missing path), each path
// reaching the file system once per operation.
func TestSnapshotStatsConcurrently(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"l": "f", "dangling": "nowhere"} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	base := &statCounter{FS: osfs.Root()}
	c := Snapshot(base)
	names := []string{"f", "d", "l", "dangling", "missing"}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				for _, n := range names {
					p := filepath.Join(root, n)
					_, werr := os.Stat(p)
					if _, err := sources.Stat(c, p); (err == nil) != (werr == nil) {
						t.Errorf("stat %s: %v, the OS says %v", n, err, werr)
					}
					_, werr = os.Lstat(p)
					if _, err := sources.Lstat(c, p); (err == nil) != (werr == nil) {
						t.Errorf("lstat %s: %v, the OS says %v", n, err, werr)
					}
				}
			}
		}()
	}
	wg.Wait()
	// Two goroutines may both miss a path before either keeps it: at
	// most one call per goroutine, not one per lookup.
	if n := base.calls.Load(); n > int32(8*2*len(names)) {
		t.Errorf("%d stats reached the file system for %d paths", n, len(names))
	}
}

// statCounter counts the stats and lstats that reach the file system.
type statCounter struct {
	sources.FS
	calls atomic.Int32
}

func (s *statCounter) Stat(name string) (fs.FileInfo, error) {
	s.calls.Add(1)
	return s.FS.Stat(name)
}

func (s *statCounter) Lstat(name string) (fs.FileInfo, error) {
	s.calls.Add(1)
	return s.FS.Lstat(name)
}
