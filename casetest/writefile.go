package casetest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/promptc/promptc/internal/atomicfile"
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

// WriteCaseFile writes data as the case file name, atomically (see
// [atomicfile.Write]: a crash or kill at any moment leaves either the old
// file whole or the new one whole; an existing file keeps its permission
// bits and owner; another link to the old file keeps the old content).
// name must pass [CheckCaseTarget], whose refusals say why in a case
// file's terms.
func WriteCaseFile(name string, data []byte) error {
	perm, _, err := CheckCaseTarget(name)
	if err != nil {
		return err
	}
	return atomicfile.Write(name, data, perm)
}
