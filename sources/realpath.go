package sources

import (
	"io/fs"
	"path"
	"strings"
)

// Resolver memoizes Realpath for one run. Resolving many files below the
// same directories (a skills tree) then costs one Lstat per new path
// component instead of one per component per file. A Resolver assumes the
// file system does not change while it is used; it is not safe for
// concurrent use.
type Resolver struct {
	fsys  FS
	cache map[string]string
}

// NewResolver returns a Resolver over fsys.
func NewResolver(fsys FS) *Resolver { return &Resolver{fsys: fsys, cache: map[string]string{}} }

// Realpath is [Realpath] with memoized directory prefixes.
func (r *Resolver) Realpath(abs string) (string, error) {
	p := path.Clean("/" + abs)
	if p == "/" {
		return "/", nil
	}
	if v, ok := r.cache[p]; ok {
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
	r.cache[p] = out
	return out, nil
}
