package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// Roots are the directories requests may build from, as physical paths.
// An empty Roots allows everything.
type Roots struct {
	dirs []string
	// files are single files outside the roots that may be read too (the
	// server's own configuration layers).
	files map[string]bool
}

// NewRoots resolves dirs to physical absolute paths; each must be an
// existing directory. Files are extra single files that may be read
// (missing ones are fine).
func NewRoots(dirs, files []string) (*Roots, error) {
	r := &Roots{files: map[string]bool{}}
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, fmt.Errorf("--root %s: %w", d, err)
		}
		if fi, err := fs.Stat(osfs.Root(), sources.Name(real)); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("--root %s: not a directory", d)
		}
		r.dirs = append(r.dirs, filepath.ToSlash(real))
	}
	for _, f := range files {
		if f != "" {
			r.files[path.Clean(filepath.ToSlash(f))] = true
		}
	}
	return r, nil
}

// Open reports whether no root is set (everything is allowed).
func (r *Roots) Open() bool { return r == nil || len(r.dirs) == 0 }

// Dirs are the roots.
func (r *Roots) Dirs() []string { return append([]string(nil), r.dirs...) }

// Allows reports whether abs (absolute, slash-separated) is one of the
// roots or below one — lexically: see [Roots.FS] for links.
func (r *Roots) Allows(abs string) bool {
	if r.Open() {
		return true
	}
	abs = path.Clean("/" + abs)
	if r.files[abs] {
		return true
	}
	for _, d := range r.dirs {
		if sources.Within(abs, d) {
			return true
		}
	}
	return false
}

// ErrOutsideRoots is the error of a read the roots refuse.
var ErrOutsideRoots = errors.New("outside the server's roots")

// FS returns fsys restricted to the roots: reading a file, listing a
// directory or reading a link outside every root, or at a path a symbolic
// link resolves to outside them, is refused with an error wrapping
// [ErrOutsideRoots] (and fs.ErrPermission), as if it were unreadable.
// Stat and Lstat are not refused (see rootFS.Stat). Checks happen on the resolved path before the
// operation, so a link swapped in between can still race; the roots
// bound what well-meaning requests reach, they are not a sandbox against
// a local attacker who can write inside them. onRefuse, when not nil,
// is told every refused path (the reads of a build fail quietly, as an
// unreadable file does; the host may want to say so).
func (r *Roots) FS(fsys sources.FS, onRefuse func(path string)) sources.FS {
	if r.Open() {
		return fsys
	}
	return rootFS{fsys: fsys, r: r, onRefuse: onRefuse}
}

type rootFS struct {
	fsys     sources.FS
	r        *Roots
	onRefuse func(string)
}

var _ sources.RegularReader = rootFS{}

type refusal struct{ path string }

func (e refusal) Error() string { return e.path + " is " + ErrOutsideRoots.Error() }
func (e refusal) Is(target error) bool {
	return target == ErrOutsideRoots || target == fs.ErrPermission
}

// check admits name when it, with every link resolved (follow: the final
// one too), is inside the roots.
func (f rootFS) check(op, name string, follow bool) error {
	abs := "/" + strings.TrimPrefix(path.Clean("/"+name), "/")
	if !f.r.Allows(abs) {
		return f.refuse(op, abs, abs)
	}
	target := abs
	if !follow {
		target = path.Dir(abs)
	}
	real, err := sources.Realpath(f.fsys, target)
	if err != nil {
		return nil // the operation itself reports what is missing
	}
	if !follow {
		real = path.Join(real, path.Base(abs))
	}
	if !f.r.Allows(real) {
		return f.refuse(op, abs, abs+" ("+real+")")
	}
	return nil
}

func (f rootFS) refuse(op, abs, shown string) error {
	if f.onRefuse != nil {
		f.onRefuse(shown)
	}
	return &fs.PathError{Op: op, Path: abs, Err: refusal{shown}}
}

func (f rootFS) Open(name string) (fs.File, error) {
	if err := f.check("open", name, true); err != nil {
		return nil, err
	}
	return f.fsys.Open(name)
}

// Stat and Lstat pass through: whether a path exists, and its type and
// size, are not its content, and refusing them would make a file outside
// the roots look absent (pi would then read a --system-prompt path as
// text) instead of unreadable.
func (f rootFS) Stat(name string) (fs.FileInfo, error)  { return f.fsys.Stat(name) }
func (f rootFS) Lstat(name string) (fs.FileInfo, error) { return f.fsys.Lstat(name) }

func (f rootFS) ReadLink(name string) (string, error) {
	if err := f.check("readlink", name, false); err != nil {
		return "", err
	}
	return f.fsys.ReadLink(name)
}

func (f rootFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := f.check("readdir", name, true); err != nil {
		return nil, err
	}
	return f.fsys.ReadDir(name)
}

func (f rootFS) ReadFile(name string) ([]byte, error) {
	b, _, err := f.ReadRegular(name, sources.MaxFileBytes)
	return b, err
}

func (f rootFS) ReadRegular(name string, max int64) ([]byte, fs.FileInfo, error) {
	if err := f.check("open", name, true); err != nil {
		return nil, nil, err
	}
	if rr, ok := f.fsys.(sources.RegularReader); ok {
		return rr.ReadRegular(name, max)
	}
	b, err := sources.ReadFileMax(f.fsys, "/"+name, max)
	return b, nil, err
}
