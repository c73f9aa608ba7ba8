package emit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/internal/atomicfile"
)

// WriteFS is the file system emit writes through. Names are absolute OS
// paths. [OSWriteFS] is the real one; tests inject failures (a full disk)
// through their own. Files are replaced by internal/atomicfile through
// its part (atomicfile.FS: Lstat, OpenFile, Rename, Remove).
type WriteFS interface {
	atomicfile.FS
	ReadFile(name string) ([]byte, error)
	// EvalSymlinks resolves every link in name, like filepath.EvalSymlinks.
	EvalSymlinks(name string) (string, error)
	MkdirAll(name string, perm fs.FileMode) error
}

// TempFile is a temporary file being written.
type TempFile = atomicfile.File

// OSWriteFS writes to the real file system.
func OSWriteFS() WriteFS { return osWriteFS{atomicfile.OS()} }

type osWriteFS struct{ atomicfile.FS }

func (osWriteFS) ReadFile(n string) ([]byte, error)      { return os.ReadFile(n) }
func (osWriteFS) EvalSymlinks(n string) (string, error)  { return filepath.EvalSymlinks(n) }
func (osWriteFS) MkdirAll(n string, p fs.FileMode) error { return os.MkdirAll(n, p) }

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

// writeAtomic replaces the file at abs (already resolved) with data,
// with internal/atomicfile (a temporary file in the same directory,
// written, synced and renamed over it; the directory synced): on any
// failure the old file is untouched and no temporary file is left. The
// old file's permission bits are kept (a new file: 0644 less the umask);
// a read-only file, or anything that is not a regular file, is refused.
func writeAtomic(ctx context.Context, w WriteFS, abs string, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if fi, err := w.Lstat(abs); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file (%s)", abs, fi.Mode().Type())
		}
		if mode := fi.Mode().Perm(); mode&0o222 == 0 {
			return fmt.Errorf("%s: %w (mode %v); make it writable to let promptc replace it", abs, ErrReadOnly, mode)
		}
	}
	if err := w.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return err
	}
	if err := atomicfile.WriteIn(w, abs, data, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", abs, err)
	}
	return nil
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
