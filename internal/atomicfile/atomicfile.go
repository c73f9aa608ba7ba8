// Package atomicfile replaces files so that a crash or a kill at any
// moment leaves either the old file whole or the new one whole, never a
// torn or empty one. It is the one writer of the files promptc owns: case
// files, goldens, captured base prompts.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// FS is what WriteIn replaces a file through: [OS], or a test's wrapper
// of it that injects failures (a full disk). The directory is synced on
// the real file system.
type FS interface {
	Lstat(name string) (fs.FileInfo, error)
	// OpenFile opens a file as os.OpenFile does.
	OpenFile(name string, flag int, perm fs.FileMode) (File, error)
	Rename(oldname, newname string) error
	Remove(name string) error
}

// File is a temporary file being written.
type File interface {
	io.Writer
	Name() string
	Chmod(mode fs.FileMode) error
	Sync() error
	Close() error
}

// OS is the real file system.
func OS() FS { return osFS{} }

type osFS struct{}

func (osFS) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }
func (osFS) Rename(oldname, newname string) error   { return os.Rename(oldname, newname) }
func (osFS) Remove(name string) error               { return os.Remove(name) }
func (osFS) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	f, err := os.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err // not a nil *os.File in a non-nil File
	}
	return f, nil
}

// Write writes data as the file name: into a new temporary file in the
// same directory (created with O_EXCL, so never an existing file or
// link), synced, renamed over name, and the directory synced. An existing
// regular file keeps its permission bits (and, when the caller may set
// them, its owner and group); a new one gets perm less the umask. The
// rename replaces the directory entry, so another link to the old file
// keeps the old content. A symbolic link or anything else that is not a
// regular file at name is refused: promptc never writes through a link.
// On failure the temporary file is removed and name is untouched.
func Write(name string, data []byte, perm fs.FileMode) error {
	return WriteIn(OS(), name, data, perm)
}

// WriteIn is Write through fsys.
func WriteIn(fsys FS, name string, data []byte, perm fs.FileMode) (err error) {
	exists := false
	switch fi, err := fsys.Lstat(name); {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file (%s): it is not replaced", name, fi.Mode().Type())
	default:
		perm, exists = fi.Mode().Perm(), true
	}
	f, err := createTemp(fsys, name, perm)
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = fsys.Remove(tmp)
		}
	}()
	if exists { // exact bits, whatever the umask
		if err := f.Chmod(perm); err != nil {
			return err
		}
		keepOwner(f, name)
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := fsys.Rename(tmp, name); err != nil {
		return err
	}
	return syncDir(filepath.Dir(name))
}

// createTemp creates a new file beside name, named .BASE.tmp-N, with perm
// (less the umask). O_EXCL: it never opens an existing file or link.
func createTemp(fsys FS, name string, perm fs.FileMode) (File, error) {
	dir, base := filepath.Split(name)
	for range 100 {
		p := filepath.Join(dir, "."+base+".tmp-"+strconv.FormatUint(rand.Uint64(), 36))
		f, err := fsys.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("%s: cannot create a temporary file beside it", name)
}

// syncDir makes a rename in dir durable. File systems that cannot sync a
// directory (EINVAL) are left as they are.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}
