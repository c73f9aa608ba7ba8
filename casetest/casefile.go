package casetest

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// NotCaseFileError reports a path named as a case file that is neither a
// regular file nor a directory of cases (a named pipe, a socket, a
// device): promptc test never opens one, since reading it could block
// forever or never end.
type NotCaseFileError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotCaseFileError) Error() string {
	return fmt.Sprintf("%v: promptc test reads regular *.txtar files and directories of them", &sources.NotRegularError{Path: e.Path, Mode: e.Mode})
}

// ReadCaseFile reads a case file by the rule promptc reads every file it
// is given ([sources.ReadFile] on the host's file system): opened once
// without blocking, checked on the open handle to be a regular file, and
// read up to [sources.MaxFileBytes], so a file swapped for a named pipe
// or a device after it was found cannot hang the run. Errors name the
// file as given.
func ReadCaseFile(name string) ([]byte, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, err
	}
	slash := filepath.ToSlash(abs)
	data, err := sources.ReadFile(osfs.Root(), slash)
	var (
		nr *sources.NotRegularError
		tl *sources.TooLargeError
		pe *fs.PathError
	)
	switch {
	case err == nil:
		return data, nil
	case errors.As(err, &nr):
		return nil, &NotCaseFileError{Path: name, Mode: nr.Mode}
	case errors.As(err, &tl):
		return nil, fmt.Errorf("%s: larger than %d bytes: not read", name, tl.Limit)
	case errors.As(err, &pe):
		return nil, &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	return nil, err
}
