package fscache

import (
	"errors"
	"io/fs"
	"sync"

	"github.com/promptc/promptc/sources"
)

// seenStats are the stats and lstats a Cache made during the current
// build (BeginBuild starts one; a Snapshot is one build for good). Every
// later stat of a path in that build is served from what was seen, by
// any source: a build sees one moment of each path, as its Resolver
// already assumes. A failed stat is served as it failed, to the same
// operation (a stat and an lstat report their errors in their own words),
// and a stat is served from an lstat only for a path that is no link.
// Outside a build (a plain New Cache before its first BeginBuild) every
// stat goes to the file system.
//
// Entries are stamped with their build, so a new build forgets the last
// one's without clearing: a build over the same paths reuses their
// entries and allocates nothing for them.
type seenStats struct {
	mu  sync.Mutex
	gen uint64 // the current build; 0: none
	m   map[statKey]seenStat
	// live counts the current build's entries, last the previous build's.
	live, last int
	// snap holds a Snapshot's stats instead of m (statKey -> seenStat):
	// it is one build for good, and its many readers (every run of an
	// emit --check) look paths up without a lock.
	snap sync.Map
}

type seenStat struct {
	fi  fs.FileInfo
	err error
	gen uint64
}

type statKey struct {
	name   string
	follow bool
}

// BeginBuild starts a build: nothing seen yet. Entries of old builds are
// dropped once they outnumber the paths of a build several times over.
func (c *Cache) BeginBuild() {
	c.seen.mu.Lock()
	defer c.seen.mu.Unlock()
	c.seen.gen++
	c.seen.last, c.seen.live = c.seen.live, 0
	if len(c.seen.m) > 4*max(c.seen.last, 1024) {
		c.seen.m = make(map[statKey]seenStat, c.seen.last)
	}
}

// Snapshot returns a Cache over fsys that is one build from the start:
// every stat, listing and read through it is made once and then served,
// as one moment of the file system. It suits a process that builds once
// and exits (the CLI's one-shot commands), not a long-lived one.
//
// A Snapshot is a [sources.ResolverSharer]: everyone resolving links
// through it (every run reading through it, their sources and their
// roots) shares one Resolver, since a realpath found in one moment of the
// file system holds for all who read that moment.
func Snapshot(fsys sources.FS) *Cache {
	c := New(fsys)
	c.snapshot = true
	c.res = sources.NewPrivateResolver(c)
	c.BeginBuild()
	return c
}

// SharedResolver is a Snapshot's one Resolver; nil for any other Cache,
// whose files may change between builds (sources.NewResolver then makes
// a Resolver of the caller's own).
func (c *Cache) SharedResolver() *sources.Resolver {
	if !c.snapshot {
		return nil
	}
	return c.res
}

// IsSnapshot reports whether c is a Snapshot (one moment for good), which
// a plain run may read through as its own.
func (c *Cache) IsSnapshot() bool { return c.snapshot }

// build returns the current build (0: none).
func (c *Cache) build() uint64 {
	c.seen.mu.Lock()
	defer c.seen.mu.Unlock()
	return c.seen.gen
}

// seenLocked returns the current build's entry for k.
func (c *Cache) seenLocked(k statKey) (seenStat, bool) {
	s, ok := c.seen.m[k]
	return s, ok && s.gen == c.seen.gen
}

// snapSeen is a Snapshot's stat for k.
func (c *Cache) snapSeen(k statKey) (seenStat, bool) {
	v, ok := c.seen.snap.Load(k)
	if !ok {
		return seenStat{}, false
	}
	return v.(seenStat), true
}

// seenNow returns the build's stat for k; inBuild is false outside a
// build (nothing is seen or kept then).
func (c *Cache) seenNow(k statKey) (s seenStat, ok, inBuild bool) {
	if c.snapshot {
		s, ok = c.snapSeen(k)
		return s, ok, true
	}
	c.seen.mu.Lock()
	defer c.seen.mu.Unlock()
	if c.seen.gen == 0 {
		return seenStat{}, false, false
	}
	s, ok = c.seenLocked(k)
	return s, ok, true
}

// lstat is fsys.Lstat, served from and kept in the build's seen stats.
func (c *Cache) lstat(name string) (fs.FileInfo, error) {
	s, ok, inBuild := c.seenNow(statKey{name, false})
	if ok {
		return s.fi, s.err
	}
	fi, err := c.fsys.Lstat(name)
	if inBuild {
		c.keep(statKey{name, false}, seenStat{fi: fi, err: err})
	}
	return fi, err
}

// stat is fsys.Stat, served from and kept in the build's seen stats (an
// lstat of a path that is no link serves as its stat, and a stat in a
// build asks the lstat first).
func (c *Cache) stat(name string) (fs.FileInfo, error) {
	var s, l seenStat
	var ok, lok bool
	if c.snapshot {
		s, ok = c.snapSeen(statKey{name, true})
		if !ok {
			l, lok = c.snapSeen(statKey{name, false})
		}
	} else {
		c.seen.mu.Lock()
		if c.seen.gen == 0 {
			c.seen.mu.Unlock()
			return c.fsys.Stat(name)
		}
		s, ok = c.seenLocked(statKey{name, true})
		l, lok = c.seenLocked(statKey{name, false})
		c.seen.mu.Unlock()
	}
	if ok {
		return s.fi, s.err
	}
	// An lstat answers both questions for a path that is no link (most
	// are), and fails as the stat would for one that does not resolve.
	if !lok {
		lfi, lerr := c.fsys.Lstat(name)
		l = seenStat{fi: lfi, err: lerr}
		c.keep(statKey{name, false}, l)
	}
	if l.err == nil && l.fi.Mode()&fs.ModeSymlink == 0 {
		return l.fi, nil
	}
	if err, ok := asStatError(l.err); ok {
		c.keep(statKey{name, true}, seenStat{err: err})
		return nil, err
	}
	fi, err := c.fsys.Stat(name)
	c.keep(statKey{name, true}, seenStat{fi: fi, err: err})
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
	if c.snapshot {
		c.seen.snap.Store(k, s)
		return
	}
	c.seen.mu.Lock()
	defer c.seen.mu.Unlock()
	c.keepLocked(k, s)
}

func (c *Cache) keepLocked(k statKey, s seenStat) {
	if c.seen.gen == 0 {
		return
	}
	if c.seen.m == nil {
		c.seen.m = map[statKey]seenStat{}
	}
	if old, ok := c.seen.m[k]; !ok || old.gen != c.seen.gen {
		c.seen.live++
	}
	s.gen = c.seen.gen
	c.seen.m[k] = s
}

// keepFirst is keep for what only stands in for a stat: it keeps s unless
// the build has already seen the path (the first sight is the build's
// moment).
func (c *Cache) keepFirst(k statKey, s seenStat) {
	if c.snapshot {
		if _, seenL := c.snapSeen(statKey{k.name, false}); !seenL {
			c.seen.snap.LoadOrStore(k, s)
		}
		return
	}
	c.seen.mu.Lock()
	defer c.seen.mu.Unlock()
	_, seen := c.seenLocked(k)
	_, seenL := c.seenLocked(statKey{k.name, false}) // an lstat stands for the stat too
	if !seen && !seenL {
		c.keepLocked(k, s)
	}
}
