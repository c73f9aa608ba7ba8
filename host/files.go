package host

import (
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// FS is the file system builds read through: e's own ([FileSystem]), else
// the OS's (an [OS] env's snapshot of it, when it has one).
func FS(e Env) sources.FS {
	if f, ok := e.(FileSystem); ok {
		return f.FS()
	}
	if o, ok := e.(OS); ok && o.Snapshot != nil {
		return o.Snapshot
	}
	return osfs.Root()
}

// MaxFileBytes caps a file a request names (a pipeline, overlay, params,
// tool or build --json file, or a params file on standard input): four
// times the largest prompt a render prints, so that the build --json of
// any prompt fits, and no request can make promptc allocate without
// bound.
const MaxFileBytes = 256 << 20

// ReadFile reads a file a request names (a pipeline, overlay, params,
// tool or build --json file) by the rule project files are read by:
// opened once without blocking, checked on the open handle to be a
// regular file of at most [MaxFileBytes], then read (see
// sources.ReadFile). A named pipe, device or directory is an error at
// once, never a hang or an endless read. With an Env that supplies its
// file system, the file is read through it and a relative name is
// resolved against e's working directory; without one, against the
// process's, as os.ReadFile does. Errors name the file as given.
func ReadFile(e Env, name string) ([]byte, error) {
	f, ok := e.(FileSystem)
	if !ok {
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, err
		}
		data, err := sources.ReadFileMax(osfs.Root(), filepath.ToSlash(abs), MaxFileBytes)
		return data, asGiven(err, name, "")
	}
	abs := name
	if !filepath.IsAbs(name) {
		wd, err := e.Getwd()
		if err != nil {
			return nil, err
		}
		abs = filepath.Join(wd, name)
	}
	data, err := sources.ReadFileMax(f.FS(), filepath.ToSlash(abs), MaxFileBytes)
	return data, asGiven(err, name, "open")
}

// asGiven returns err with the file it names written as name, the way the
// user gave it; op, when not "", replaces a path error's operation.
func asGiven(err error, name, op string) error {
	var pe *fs.PathError
	var nr *sources.NotRegularError
	var tl *sources.TooLargeError
	switch {
	case errors.As(err, &pe):
		if op == "" {
			op = pe.Op
		}
		return &fs.PathError{Op: op, Path: name, Err: pe.Err}
	case errors.As(err, &nr):
		return &sources.NotRegularError{Path: name, Mode: nr.Mode}
	case errors.As(err, &tl):
		return &sources.TooLargeError{Path: name, Size: tl.Size, Limit: tl.Limit}
	}
	return err
}
