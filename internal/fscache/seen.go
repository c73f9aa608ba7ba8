package fscache

import (
	"errors"
	"io/fs"
	"sync"
	"sync/atomic"

	"github.com/promptc/promptc/sources"
)

// seenStats are the stats and lstats a Cache made during the current
// build once recording began (Record: a source is being recomputed, so
// the paths its facts were just validated by are about to be statted
// again, or it runs for the first time). Every later stat of a path in
// that build is served from what was seen: a build sees one moment of
// each path, as its Resolver already assumes. A failed stat is served as
// it failed, to the same operation (a stat and an lstat report their
// errors in their own words), and a stat is served from an lstat only for
// a path that is no link. BeginBuild forgets them.
type seenStats struct {
	recording atomic.Bool
	mu        sync.Mutex
	m         map[statKey]seenStat
}

type seenStat struct {
	fi  fs.FileInfo
	err error
}

type statKey struct {
	name   string
	follow bool
}

// BeginBuild starts a build: nothing seen, not recording.
func (c *Cache) BeginBuild() {
	c.seen.mu.Lock()
	c.seen.m = nil
	c.seen.recording.Store(false)
	c.seen.mu.Unlock()
}

// Record makes the rest of the build keep and serve the stats it makes.
// A build over unchanged files never records, so it allocates nothing
// for it.
func (c *Cache) Record() {
	c.seen.mu.Lock()
	if c.seen.m == nil {
		c.seen.m = map[statKey]seenStat{}
	}
	c.seen.recording.Store(true)
	c.seen.mu.Unlock()
}

// Recording reports whether the build keeps and serves its stats.
func (c *Cache) Recording() bool { return c.seen.recording.Load() }

// Snapshot returns a Cache over fsys that records from the start: every
// stat, listing and read through it is made once and then served, as one
// moment of the file system. It suits a process that builds once and
// exits (the CLI's one-shot commands), not a long-lived one.
func Snapshot(fsys sources.FS) *Cache {
	c := New(fsys)
	c.Record()
	return c
}

// lstat is fsys.Lstat, served from and kept in the build's seen stats.
func (c *Cache) lstat(name string) (fs.FileInfo, error) {
	if !c.seen.recording.Load() {
		return c.fsys.Lstat(name)
	}
	c.seen.mu.Lock()
	s, ok := c.seen.m[statKey{name, false}]
	c.seen.mu.Unlock()
	if ok {
		return s.fi, s.err
	}
	fi, err := c.fsys.Lstat(name)
	c.keep(statKey{name, false}, seenStat{fi, err})
	return fi, err
}

// stat is fsys.Stat, served from and kept in the build's seen stats (an
// lstat of a path that is no link serves as its stat, and a recording
// stat asks the lstat first).
func (c *Cache) stat(name string) (fs.FileInfo, error) {
	if !c.seen.recording.Load() {
		return c.fsys.Stat(name)
	}
	c.seen.mu.Lock()
	s, ok := c.seen.m[statKey{name, true}]
	l, lok := c.seen.m[statKey{name, false}]
	c.seen.mu.Unlock()
	switch {
	case ok:
		return s.fi, s.err
	case lok && l.err == nil && l.fi.Mode()&fs.ModeSymlink == 0:
		return l.fi, nil
	case lok && l.err != nil:
		if err, ok := asStatError(l.err); ok {
			c.keep(statKey{name, true}, seenStat{nil, err})
			return nil, err
		}
	}
	if lok {
		fi, err := c.fsys.Stat(name)
		c.keep(statKey{name, true}, seenStat{fi, err})
		return fi, err
	}
	// An lstat answers both questions for a path that is no link (most
	// are), and fails as the stat would for one that does not resolve.
	lfi, lerr := c.fsys.Lstat(name)
	c.keep(statKey{name, false}, seenStat{lfi, lerr})
	if lerr == nil && lfi.Mode()&fs.ModeSymlink == 0 {
		return lfi, nil
	}
	if err, ok := asStatError(lerr); ok {
		c.keep(statKey{name, true}, seenStat{nil, err})
		return nil, err
	}
	fi, err := c.fsys.Stat(name)
	c.keep(statKey{name, true}, seenStat{fi, err})
	return fi, err
}

// asStatError is the error a stat meets where an lstat met err: the same,
// in the stat's words (a path whose lstat fails does not resolve).
func asStatError(err error) (error, bool) {
	var pe *fs.PathError
	if err == nil || !errors.As(err, &pe) || pe.Op != "lstat" {
		return nil, false
	}
	return &fs.PathError{Op: "stat", Path: pe.Path, Err: pe.Err}, true
}

func (c *Cache) keep(k statKey, s seenStat) {
	c.seen.mu.Lock()
	if c.seen.m != nil {
		c.seen.m[k] = s
	}
	c.seen.mu.Unlock()
}
