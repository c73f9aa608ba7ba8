package casetest

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/promptc/promptc/sources"
)

// CheckCaseTarget says whether a case file may be written at name, and
// with which permission bits: an existing regular file keeps its own; a
// name that does not exist gets 0666 less the umask. A symbolic link is
// refused (promptc never writes through one, nor replaces one with a
// file), and so is anything else that is not a regular file.
func CheckCaseTarget(name string) (perm fs.FileMode, exists bool, err error) {
	fi, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 0o666, false, nil
	case err != nil:
		return 0, false, err
	case fi.Mode()&fs.ModeSymlink != 0:
		return 0, true, fmt.Errorf("%s is a symbolic link: promptc never writes a case file through a link (name the file it points to, or remove the link)", name)
	case !fi.Mode().IsRegular():
		return 0, true, fmt.Errorf("%v: promptc writes case files only in place of regular files", &sources.NotRegularError{Path: name, Mode: fi.Mode()})
	}
	return fi.Mode().Perm(), true, nil
}

// WriteCaseFile writes data as the case file name, atomically: into a new
// temporary file in the same directory, synced, renamed over name, and
// the directory synced, so that a crash or kill at any moment leaves
// either the old file whole or the new one whole, never a torn or empty
// one. An existing file keeps its permission bits (and, when the caller
// may set them, its owner and group); the rename replaces the directory
// entry, so another link to the old file keeps the old content. name must
// pass [CheckCaseTarget]. On failure the temporary file is removed.
func WriteCaseFile(name string, data []byte) (err error) {
	perm, exists, err := CheckCaseTarget(name)
	if err != nil {
		return err
	}
	f, err := createTemp(name, perm)
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(tmp)
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
	if err := os.Rename(tmp, name); err != nil {
		return err
	}
	return syncDir(filepath.Dir(name))
}

// createTemp creates a new file beside name, named .BASE.tmp-N, with perm
// (less the umask). O_EXCL: it never opens an existing file or link.
func createTemp(name string, perm fs.FileMode) (*os.File, error) {
	dir, base := filepath.Split(name)
	for range 100 {
		p := filepath.Join(dir, "."+base+".tmp-"+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
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
