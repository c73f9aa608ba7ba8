package emit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// WriteFS is the file system emit writes through. Names are absolute OS
// paths. [OSWriteFS] is the real one; tests inject failures (a full disk)
// through their own.
type WriteFS interface {
	Lstat(name string) (fs.FileInfo, error)
	ReadFile(name string) ([]byte, error)
	// EvalSymlinks resolves every link in name, like filepath.EvalSymlinks.
	EvalSymlinks(name string) (string, error)
	MkdirAll(name string, perm fs.FileMode) error
	// CreateTemp creates a new file in dir, like os.CreateTemp.
	CreateTemp(dir, pattern string) (TempFile, error)
	Rename(oldname, newname string) error
	Remove(name string) error
}

// TempFile is a temporary file being written.
type TempFile interface {
	io.Writer
	Name() string
	Chmod(mode fs.FileMode) error
	Sync() error
	Close() error
}

// OSWriteFS writes to the real file system.
func OSWriteFS() WriteFS { return osWriteFS{} }

type osWriteFS struct{}

func (osWriteFS) Lstat(n string) (fs.FileInfo, error)      { return os.Lstat(n) }
func (osWriteFS) ReadFile(n string) ([]byte, error)        { return os.ReadFile(n) }
func (osWriteFS) EvalSymlinks(n string) (string, error)    { return filepath.EvalSymlinks(n) }
func (osWriteFS) MkdirAll(n string, p fs.FileMode) error   { return os.MkdirAll(n, p) }
func (osWriteFS) Rename(o, n string) error                 { return os.Rename(o, n) }
func (osWriteFS) Remove(n string) error                    { return os.Remove(n) }
func (osWriteFS) CreateTemp(d, p string) (TempFile, error) { return os.CreateTemp(d, p) }

// ErrOutsideRoot is what a write refused because a path element is a
// symbolic link leading out of the target root wraps.
var ErrOutsideRoot = errors.New("a symbolic link leads out of the target root")

// ErrReadOnly is what a refused replacement of a read-only file wraps.
var ErrReadOnly = errors.New("the file is read-only")

// within reports whether p is root or below it (both clean).
func within(p, root string) bool {
	return p == root || strings.HasPrefix(p, root+string(filepath.Separator)) || root == string(filepath.Separator)
}

// resolveTarget returns where the file rel (slash-separated, below root)
// really is: every existing element of its path resolved, refusing any
// that leads out of root. realRoot is root with its links resolved.
func resolveTarget(w WriteFS, realRoot, rel string) (string, error) {
	p := filepath.Join(realRoot, filepath.FromSlash(rel))
	// The deepest existing ancestor (or the file itself) is resolved; the
	// rest does not exist yet and is created below it.
	existing, missing := p, ""
	for {
		if _, err := w.Lstat(existing); err == nil {
			break
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			break
		}
		missing = filepath.Join(filepath.Base(existing), missing)
		existing = parent
	}
	real, err := w.EvalSymlinks(existing)
	if err != nil {
		if fi, lerr := w.Lstat(existing); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return "", fmt.Errorf("%s: a dangling symbolic link: %w", existing, ErrOutsideRoot)
		}
		return "", err
	}
	if !within(real, realRoot) {
		return "", fmt.Errorf("%s resolves to %s: %w", existing, real, ErrOutsideRoot)
	}
	return filepath.Join(real, missing), nil
}

// writeAtomic replaces the file at abs (already resolved) with data: a
// temporary file in the same directory, written, synced, given the old
// file's mode and renamed over it. On any failure the temporary file is
// removed and the old file is untouched. A read-only file is refused.
func writeAtomic(ctx context.Context, w WriteFS, abs string, data []byte) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if fi, err := w.Lstat(abs); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file (%s)", abs, fi.Mode().Type())
		}
		mode = fi.Mode().Perm()
		if mode&0o222 == 0 {
			return fmt.Errorf("%s: %w (mode %v); make it writable to let promptc replace it", abs, ErrReadOnly, mode)
		}
	}
	dir := filepath.Dir(abs)
	if err := w.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := w.CreateTemp(dir, "."+filepath.Base(abs)+".promptc-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = w.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("writing %s: %w", abs, err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", abs, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", abs, err)
	}
	return w.Rename(tmp.Name(), abs)
}

// WriteFile writes data to rel below root atomically, refusing a path
// that leads out of root through a symbolic link, and a read-only file.
func WriteFile(ctx context.Context, w WriteFS, root, rel string, data []byte) error {
	if w == nil {
		w = OSWriteFS()
	}
	realRoot, err := w.EvalSymlinks(root)
	if err != nil {
		return err
	}
	abs, err := resolveTarget(w, realRoot, rel)
	if err != nil {
		return err
	}
	return writeAtomic(ctx, w, abs, data)
}
