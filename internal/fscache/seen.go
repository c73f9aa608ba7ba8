package fscache

import (
	"io/fs"
	"sync"
	"sync/atomic"
)

// seenStats are the stats and lstats a Cache made during the current
// build once recording began (Record: a source is being recomputed, so
// the paths its facts were just validated by are about to be statted
// again). Every later stat of a path in that build is served from what
// was seen: a build sees one moment of each path, as its Resolver already
// assumes. Only successes are served (an error keeps its own operation's
// words), and a stat is served from an lstat only for a path that is no
// link. BeginBuild forgets them.
type seenStats struct {
	recording atomic.Bool
	mu        sync.Mutex
	m         map[statKey]fs.FileInfo
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
		c.seen.m = map[statKey]fs.FileInfo{}
	}
	c.seen.recording.Store(true)
	c.seen.mu.Unlock()
}

// lstat is fsys.Lstat, served from and kept in the build's seen stats.
func (c *Cache) lstat(name string) (fs.FileInfo, error) {
	if !c.seen.recording.Load() {
		return c.fsys.Lstat(name)
	}
	c.seen.mu.Lock()
	fi, ok := c.seen.m[statKey{name, false}]
	c.seen.mu.Unlock()
	if ok {
		return fi, nil
	}
	fi, err := c.fsys.Lstat(name)
	if err == nil {
		c.keep(statKey{name, false}, fi)
	}
	return fi, err
}

// stat is fsys.Stat, served from and kept in the build's seen stats (an
// lstat of a path that is no link serves as its stat).
func (c *Cache) stat(name string) (fs.FileInfo, error) {
	if !c.seen.recording.Load() {
		return c.fsys.Stat(name)
	}
	c.seen.mu.Lock()
	fi, ok := c.seen.m[statKey{name, true}]
	if !ok {
		if lfi, lok := c.seen.m[statKey{name, false}]; lok && lfi.Mode()&fs.ModeSymlink == 0 {
			fi, ok = lfi, true
		}
	}
	c.seen.mu.Unlock()
	if ok {
		return fi, nil
	}
	fi, err := c.fsys.Stat(name)
	if err == nil {
		c.keep(statKey{name, true}, fi)
	}
	return fi, err
}

func (c *Cache) keep(k statKey, fi fs.FileInfo) {
	c.seen.mu.Lock()
	if c.seen.m != nil {
		c.seen.m[k] = fi
	}
	c.seen.mu.Unlock()
}
