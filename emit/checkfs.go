package emit

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"

	"github.com/promptc/promptc/internal/atomicfile"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// checkFS is the WriteFS emit --check plans through: read-only, each
// Lstat, ReadFile and EvalSymlinks answered once per path. When the
// check's pipelines read the same host file system (the real one, both
// sides), the answers come from their snapshot (an fscache.Snapshot), so
// a file the plan reads and an agent loads is read once, and the plan's
// path resolution costs one lstat per directory, not one per directory
// per file.
type checkFS struct {
	base WriteFS
	// snap is the pipelines' snapshot over the same files, or nil.
	snap *fscache.Cache

	mu    sync.Mutex
	lstat map[string]statResult
	read  map[string]readResult
	eval  map[string]evalResult
}

type statResult struct {
	fi  fs.FileInfo
	err error
}

type readResult struct {
	data []byte
	err  error
}

type evalResult struct {
	real string
	err  error
}

// errReadOnly refuses the writes of a check.
var errReadOnly = errors.New("emit --check writes nothing")

// newCheckFS wraps base; snap is shared only when base and the
// pipelines' host FS are both the real file system, whose answers agree.
func newCheckFS(base WriteFS, host sources.FS, snap *fscache.Cache) *checkFS {
	c := &checkFS{base: base, lstat: map[string]statResult{}, read: map[string]readResult{}, eval: map[string]evalResult{}}
	if b, ok := base.(osWriteFS); ok && b.FS == atomicfile.OS() && host == osfs.Root() {
		c.snap = snap
	}
	return c
}

// rel is abs as a name of the snapshot (rooted at "/"), or false.
func rel(abs string) (string, bool) {
	if !filepath.IsAbs(abs) || filepath.Clean(abs) != abs {
		return "", false
	}
	if abs == "/" {
		return ".", true
	}
	return abs[1:], true
}

func (c *checkFS) Lstat(name string) (fs.FileInfo, error) {
	c.mu.Lock()
	r, ok := c.lstat[name]
	c.mu.Unlock()
	if ok {
		return r.fi, r.err
	}
	if n, ok := rel(name); ok && c.snap != nil {
		r.fi, r.err = c.snap.Lstat(n)
		if r.err != nil {
			r.fi, r.err = c.base.Lstat(name) // the error as the base words it
		}
	} else {
		r.fi, r.err = c.base.Lstat(name)
	}
	c.mu.Lock()
	c.lstat[name] = r
	c.mu.Unlock()
	return r.fi, r.err
}

// ReadFile returns the file's bytes (shared: callers do not modify them).
func (c *checkFS) ReadFile(name string) ([]byte, error) {
	c.mu.Lock()
	r, ok := c.read[name]
	c.mu.Unlock()
	if ok {
		return r.data, r.err
	}
	done := false
	if n, ok := rel(name); ok && c.snap != nil {
		// The pipelines' read of the same file (sources.ReadFile's cap);
		// a failure is read again by the base, for its own error.
		if b, _, err := c.snap.ReadRegular(n, sources.MaxFileBytes); err == nil {
			r.data, done = b, true
		}
	}
	if !done {
		r.data, r.err = c.base.ReadFile(name)
	}
	c.mu.Lock()
	c.read[name] = r
	c.mu.Unlock()
	return r.data, r.err
}

// EvalSymlinks resolves name: a clean absolute path none of whose
// elements is a link resolves to itself, found with the memoized lstats
// of its elements; anything else is the base's answer.
func (c *checkFS) EvalSymlinks(name string) (string, error) {
	c.mu.Lock()
	r, ok := c.eval[name]
	c.mu.Unlock()
	if ok {
		return r.real, r.err
	}
	if !c.plain(name) {
		r.real, r.err = c.base.EvalSymlinks(name)
	} else {
		r.real = name
	}
	c.mu.Lock()
	c.eval[name] = r
	c.mu.Unlock()
	return r.real, r.err
}

// plain reports whether name is clean, absolute, and each of its
// elements exists and is not a link (the parent's answer memoized).
func (c *checkFS) plain(name string) bool {
	if _, ok := rel(name); !ok {
		return false
	}
	if name == "/" {
		return true
	}
	c.mu.Lock()
	r, ok := c.eval[name]
	c.mu.Unlock()
	if ok {
		return r.err == nil && r.real == name
	}
	parent := filepath.Dir(name)
	if parent != "/" {
		if _, err := c.EvalSymlinks(parent); err != nil {
			return false
		}
		c.mu.Lock()
		pr := c.eval[parent]
		c.mu.Unlock()
		if pr.real != parent {
			return false
		}
	}
	fi, err := c.Lstat(name)
	return err == nil && fi.Mode()&fs.ModeSymlink == 0 && !strings.ContainsRune(name, 0)
}

func (c *checkFS) MkdirAll(string, fs.FileMode) error                  { return errReadOnly }
func (c *checkFS) OpenFile(string, int, fs.FileMode) (TempFile, error) { return nil, errReadOnly }
func (c *checkFS) Rename(string, string) error                         { return errReadOnly }
func (c *checkFS) Remove(string) error                                 { return errReadOnly }

// planCheck is Plan of the files and findings Files made of a source,
// over fsys (a check plans, never applies).
func planCheck(ctx context.Context, files []File, findings []Finding, opts Options, fsys *checkFS) (*Result, error) {
	opts.FS = fsys
	return planFiles(ctx, files, findings, opts)
}
