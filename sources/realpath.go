package sources

import (
	"io/fs"
	"maps"
	"path"
	"strings"
	"sync"
)

// Resolver memoizes Realpath for one run. Resolving many files below the
// same directories (a skills tree) then costs one Lstat per new path
// component instead of one per component per file. A Resolver assumes the
// file system does not change while it is used; it is safe for concurrent
// use.
type Resolver struct {
	fsys  FS
	mu    sync.Mutex
	cache map[string]string
}

// ResolverSharer is a file system that offers one Resolver to everyone
// resolving through it (a Builder's per-source view does, so that a kind
// and the engine's checks resolve each path once).
type ResolverSharer interface {
	SharedResolver() *Resolver
}

// NewResolver returns a Resolver over fsys: the one fsys shares, when it
// is a [ResolverSharer], else a new one.
func NewResolver(fsys FS) *Resolver {
	if rs, ok := fsys.(ResolverSharer); ok {
		if r := rs.SharedResolver(); r != nil {
			return r
		}
	}
	return &Resolver{fsys: fsys, cache: map[string]string{}}
}

// NewPrivateResolver returns a new Resolver over fsys, never a shared one.
func NewPrivateResolver(fsys FS) *Resolver {
	return &Resolver{fsys: fsys, cache: map[string]string{}}
}

// Realpath is [Realpath] with memoized directory prefixes.
func (r *Resolver) Realpath(abs string) (string, error) {
	p := cleanAbs(abs)
	if p == "/" {
		return "/", nil
	}
	r.mu.Lock()
	v, ok := r.cache[p]
	r.mu.Unlock()
	if ok {
		return v, nil
	}
	dir, base := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	if dir == "" {
		dir = "/"
	}
	realDir, err := r.Realpath(dir)
	if err != nil {
		return "", err
	}
	joined := path.Join(realDir, base)
	var out string
	if base == ".." {
		out = path.Dir(realDir)
	} else {
		fi, err := Lstat(r.fsys, joined)
		if err != nil {
			return "", err
		}
		out = joined
		if fi.Mode()&fs.ModeSymlink != 0 {
			if out, err = Realpath(r.fsys, joined); err != nil {
				return "", err
			}
		}
	}
	r.mu.Lock()
	r.cache[p] = out
	r.mu.Unlock()
	return out, nil
}

// Learned returns a copy of the resolutions r has made.
func (r *Resolver) Learned() map[string]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	m := make(map[string]string, len(r.cache))
	for k, v := range r.cache {
		m[k] = v
	}
	return m
}

// Learn adds resolutions another Resolver made over the same file system.
// They must still hold: the caller makes the facts they came from its own
// (as a remembered step's facts, validated, become its caller's).
func (r *Resolver) Learn(m map[string]string) {
	if len(m) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case len(r.cache) == 0:
		r.cache = maps.Clone(m) // one sized copy, not a map grown step by step
	case len(m) > len(r.cache):
		both := make(map[string]string, len(r.cache)+len(m))
		maps.Copy(both, r.cache)
		maps.Copy(both, m)
		r.cache = both
	default:
		maps.Copy(r.cache, m)
	}
}

// Know tells r that abs (absolute) resolves to real, as a listing says of
// an entry that is no link in a directory whose realpath is known. The
// caller depends on that listing (it shows the entry's type), so the
// knowledge is as sound as an lstat.
func (r *Resolver) Know(abs, real string) {
	r.mu.Lock()
	r.cache[cleanAbs(abs)] = real
	r.mu.Unlock()
}

// cleanAbs is path.Clean("/" + abs), without copying a path that is clean.
func cleanAbs(abs string) string {
	if IsClean(abs) {
		return abs
	}
	return path.Clean("/" + abs)
}
