package engine

import (
	"fmt"
	"io/fs"
	"sync/atomic"

	"github.com/promptc/promptc/sources"
)

// MaxRunBytes is the most one run may read in all, across every file and
// source: each file is capped (sources.MaxFileBytes), and so is their sum,
// so that no tree can make a build allocate without bound. Past it, files
// fail to read (each kind reports an unreadable file its usual way).
const MaxRunBytes = 1 << 30

// runFS is the file system one source of a run reads through: the run's
// (the host's, or a Builder's cache), with the run's read budget and, for
// a confined source, the refusal of files reached through links that leave
// the roots. Caches and safe reads pass through.
type runFS struct {
	sources.FS
	read *atomic.Int64 // bytes the run has read so far
	max  int64         // the run's budget; 0: MaxRunBytes
	rs   *rootSet      // nil: not confined
	// res is the Resolver to share when FS shares none (a plain run's,
	// whose checks of the kind's origins then resolve each path once).
	res *sources.Resolver
}

var (
	_ sources.RegularReader  = runFS{}
	_ sources.ParseCache     = runFS{}
	_ sources.ResolverSharer = runFS{}
	_ sources.Memoizer       = runFS{}
)

// Memo passes a kind's step on to the run's file system when it
// remembers steps (a Builder's), with the step reading through the same
// budget and checks. A confined view computes every time: what it
// refuses depends on the roots, which the step's options do not hold.
func (c runFS) Memo(key string, options any, compute func(sources.FS) (any, error)) (any, error) {
	m, ok := c.FS.(sources.Memoizer)
	if !ok || c.rs != nil {
		return compute(c)
	}
	return m.Memo(key, options, func(child sources.FS) (any, error) {
		return compute(runFS{FS: child, read: c.read, max: c.max, rs: c.rs})
	})
}

// SharedResolver passes on the run's file system's shared Resolver. A
// confined view shares none: its refusals must not leak into another's
// cache.
func (c runFS) SharedResolver() *sources.Resolver {
	if c.rs != nil {
		return nil
	}
	if rs, ok := c.FS.(sources.ResolverSharer); ok {
		return rs.SharedResolver()
	}
	return c.res
}

func (c runFS) abs(name string) string {
	if name == "." {
		return "/"
	}
	return "/" + name
}

// admit checks confinement and charges n bytes to the budget.
func (c runFS) admit(name string, n int64) error {
	if c.rs != nil {
		abs := c.abs(name)
		if real, ok := c.rs.outside(abs); ok {
			return &fs.PathError{Op: "open", Path: abs, Err: &sources.OutsideRootsError{Path: abs, Real: real}}
		}
	}
	max := c.budget()
	if total := c.read.Add(n); total > max {
		return &fs.PathError{Op: "read", Path: c.abs(name), Err: fmt.Errorf("promptc: the build has read more than %d bytes in all", max)}
	}
	return nil
}

func (c runFS) ReadFile(name string) ([]byte, error) {
	b, _, err := c.ReadRegular(name, sources.MaxFileBytes)
	return b, err
}

func (c runFS) ReadRegular(name string, max int64) ([]byte, fs.FileInfo, error) {
	if err := c.admit(name, 0); err != nil {
		return nil, nil, err
	}
	var b []byte
	var fi fs.FileInfo
	var err error
	if rr, ok := c.FS.(sources.RegularReader); ok {
		b, fi, err = rr.ReadRegular(name, max)
	} else {
		b, err = sources.ReadFileMax(c.FS, c.abs(name), max)
	}
	if err != nil {
		return nil, fi, err
	}
	if err := c.admit(name, int64(len(b))); err != nil {
		return nil, fi, err
	}
	return b, fi, nil
}

// ReadParsed charges the file's size after the read, as ReadRegular
// does: a spent budget refuses before anything is read, so a run reads at
// most its budget and one file more.
func (c runFS) ReadParsed(name, kind string, parse func([]byte) (any, error)) (any, error) {
	switch fsys := c.FS.(type) {
	case parsedInfoReader:
		if err := c.admit(name, 0); err != nil {
			return nil, err
		}
		v, fi, err := fsys.ReadParsedInfo(name, kind, parse)
		if fi != nil {
			if aerr := c.admit(name, fi.Size()); aerr != nil {
				return nil, aerr
			}
		}
		return v, err
	case sources.ParseCache:
		var size int64
		if fi, err := c.FS.Stat(name); err == nil {
			size = fi.Size()
		}
		if err := c.admit(name, size); err != nil {
			return nil, err
		}
		return fsys.ReadParsed(name, kind, parse)
	}
	b, _, err := c.ReadRegular(name, sources.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	return parse(b)
}

// parsedInfoReader is a ParseCache that also returns what a stat of the
// file saw (fscache.Tracker).
type parsedInfoReader interface {
	ReadParsedInfo(name, kind string, parse func([]byte) (any, error)) (any, fs.FileInfo, error)
}

// budget is the run's read budget in bytes.
func (c runFS) budget() int64 {
	if c.max <= 0 {
		return MaxRunBytes
	}
	return c.max
}

func (c runFS) MemoText(kind, text string, parse func(string) (any, error)) (any, error) {
	return sources.MemoText(c.FS, kind, text, parse)
}
