package engine

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// readLog is the host's file system, remembering every regular read.
type readLog struct {
	sources.FS
	mu    sync.Mutex
	reads []string
}

func (r *readLog) ReadRegular(name string, max int64) ([]byte, fs.FileInfo, error) {
	r.mu.Lock()
	r.reads = append(r.reads, name)
	r.mu.Unlock()
	return r.FS.(sources.RegularReader).ReadRegular(name, max)
}

func (r *readLog) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.reads)
}

// prefetchTree writes n files of size bytes and returns their fs.FS names.
func prefetchTree(t *testing.T, n, size int) (string, []string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range n {
		p := filepath.Join(root, fmt.Sprintf("f%02d", i))
		if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, p[1:])
	}
	return root, names
}

func withProcs(t *testing.T, n int) {
	old := runtime.GOMAXPROCS(n)
	t.Cleanup(func() { runtime.GOMAXPROCS(old) })
}

// TestPrefetchReadsAheadOnce: files read ahead are read and parsed once;
// the reads in order that follow come from the cache, and they, not the
// prefetch, charge the budget.
func TestPrefetchReadsAheadOnce(t *testing.T) {
	withProcs(t, 2)
	_, names := prefetchTree(t, 40, 100)
	host := &readLog{FS: osfs.Root()}
	var parses atomic.Int64
	parse := func(b []byte) (any, error) { parses.Add(1); return len(b), nil }
	c := runFS{FS: fscache.Snapshot(host), read: &atomic.Int64{}}
	c.Prefetch(context.Background(), names, "k", parse)
	if host.count() != 40 || parses.Load() != 40 {
		t.Fatalf("prefetch read %d and parsed %d of 40", host.count(), parses.Load())
	}
	if c.read.Load() != 0 {
		t.Errorf("the prefetch charged %d bytes", c.read.Load())
	}
	for _, n := range names {
		v, err := c.ReadParsed(n, "k", parse)
		if err != nil || v != 100 {
			t.Fatalf("%s: %v %v", n, v, err)
		}
	}
	if host.count() != 40 || parses.Load() != 40 {
		t.Errorf("the reads in order read %d more and parsed %d more", host.count()-40, parses.Load()-40)
	}
	if c.read.Load() != 4000 {
		t.Errorf("the reads in order charged %d bytes, want 4000", c.read.Load())
	}
}

// TestPrefetchKeepsTheBudgetsOrder: with a budget that runs out, the
// prefetch stops near it, and which reads fail is what it is without a
// prefetch: every read from the one that passes the budget on.
func TestPrefetchKeepsTheBudgetsOrder(t *testing.T) {
	withProcs(t, 2)
	_, names := prefetchTree(t, 40, 100)
	outcome := func(prefetch bool) ([]bool, int) {
		host := &readLog{FS: osfs.Root()}
		c := runFS{FS: fscache.Snapshot(host), read: &atomic.Int64{}, max: 1050}
		parse := func(b []byte) (any, error) { return len(b), nil }
		if prefetch {
			c.Prefetch(context.Background(), names, "k", parse)
		}
		ahead := host.count()
		var ok []bool
		for _, n := range names {
			_, err := c.ReadParsed(n, "k", parse)
			ok = append(ok, err == nil)
		}
		return ok, ahead
	}
	plain, _ := outcome(false)
	ahead, read := outcome(true)
	if !slices.Equal(plain, ahead) {
		t.Errorf("reads that succeeded: %v without a prefetch, %v with one", plain, ahead)
	}
	if read > 12 { // 10 files fill the budget; each goroutine may finish one more
		t.Errorf("the prefetch read %d files past a budget of 10", read)
	}
}

// linkOutside makes root/link, a link to a file outside root, and returns
// both paths.
func linkOutside(t *testing.T, root string) (link, secret string) {
	t.Helper()
	outside, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	secret = filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte("s"), 0o644); err != nil {
		t.Fatal(err)
	}
	link = filepath.Join(root, "link")
	if err := os.Symlink(secret, link); err != nil {
		t.Fatal(err)
	}
	return link, secret
}

// TestPrefetchStaysInTheRoots: a confined source's prefetch does not read
// a file reached through a link that leaves the roots.
func TestPrefetchStaysInTheRoots(t *testing.T) {
	withProcs(t, 2)
	root, names := prefetchTree(t, 40, 10)
	link, secret := linkOutside(t, root)
	host := &readLog{FS: osfs.Root()}
	cache := fscache.Snapshot(host)
	c := runFS{FS: cache, read: &atomic.Int64{}, rs: &rootSet{project: root, all: []string{root}, fsys: cache, res: sources.NewResolver(cache)}}
	c.Prefetch(context.Background(), append(names, link[1:]), "k", func(b []byte) (any, error) { return nil, nil })
	if host.count() != 40 || slices.Contains(host.reads, link[1:]) || slices.Contains(host.reads, secret[1:]) {
		t.Errorf("prefetch read %d files, the link among them: %v", host.count(), slices.Contains(host.reads, link[1:]))
	}
}

// TestReadInBackground: files a walk hands to sources.ReadInBackground are
// read and parsed once, on another goroutine, charging nothing; the reads
// in order that follow come from the cache and charge the budget. Past a
// budget it stops near it, and the reads that fail are those that fail
// without it; a confined source's file behind a link out of the roots is
// not read.
func TestReadInBackground(t *testing.T) {
	withProcs(t, 2)
	root, names := prefetchTree(t, 40, 100)
	link, secret := linkOutside(t, root)
	run := func(max int64, background bool) (host *readLog, c runFS, ok []bool, ahead int) {
		host = &readLog{FS: osfs.Root()}
		cache := fscache.Snapshot(host)
		c = runFS{FS: cache, read: &atomic.Int64{}, max: max, rs: &rootSet{project: root, all: []string{root}, fsys: cache, res: sources.NewResolver(cache)}}
		parse := func(b []byte) (any, error) { return len(b), nil }
		if background {
			bg := sources.ReadInBackground(context.Background(), c, "k", parse)
			if bg == nil {
				t.Fatal("no background reader on a run's file system")
			}
			for _, n := range append(names, link[1:]) {
				bg.Add("/" + n)
			}
			bg.Wait()
		}
		ahead = host.count()
		for _, n := range names {
			_, err := c.ReadParsed(n, "k", parse)
			ok = append(ok, err == nil)
		}
		return host, c, ok, ahead
	}
	host, c, _, ahead := run(0, true)
	if ahead != 40 || slices.Contains(host.reads, link[1:]) || slices.Contains(host.reads, secret[1:]) {
		t.Errorf("read %d files in the background, the link among them: %v", ahead, slices.Contains(host.reads, link[1:]))
	}
	if host.count() != 40 || c.read.Load() != 4000 {
		t.Errorf("the reads in order read %d more and charged %d bytes, want 0 and 4000", host.count()-40, c.read.Load())
	}
	_, _, plain, _ := run(1050, false)
	_, _, ok, ahead := run(1050, true)
	if !slices.Equal(plain, ok) {
		t.Errorf("reads that succeeded: %v without reading in the background, %v with it", plain, ok)
	}
	if ahead > 12 {
		t.Errorf("read %d files in the background past a budget of 10", ahead)
	}
}
