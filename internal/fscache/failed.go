package fscache

import "io/fs"

// A read that fails the first time in a build (a config file or a
// directory that is not there, the common case when an agent's pipeline
// looks for optional files) fails the same way for the rest of the build,
// without another open: a build sees one moment of each path, as its
// stats do (seen.go). Outside a build (a New Cache before BeginBuild),
// nothing is kept.

type failKey struct {
	name string
	op   byte // f: a file (ReadRegular, of at most max bytes); d: a listing
	max  int64
}

type readFailure struct {
	fi  fs.FileInfo
	err error
}

// failure returns the current build's failure of the read k.
func (c *Cache) failure(k failKey) (readFailure, bool) {
	gen := c.build()
	c.mu.Lock()
	f, ok := c.failed[k]
	ok = ok && gen != 0 && c.failedGen == gen
	c.mu.Unlock()
	return f, ok
}

// fail keeps the failure of the read k for the rest of the build.
func (c *Cache) fail(k failKey, fi fs.FileInfo, err error) {
	gen := c.build()
	if gen == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failed == nil || c.failedGen != gen {
		c.failed, c.failedGen = map[failKey]readFailure{}, gen // the last build's go
	}
	c.failed[k] = readFailure{fi: fi, err: err}
}
