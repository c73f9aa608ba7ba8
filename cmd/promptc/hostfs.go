package main

import (
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/promptc/promptc/sources"
)

// fsEnv is an env that also supplies the file system promptc reads:
// promptc test gives each case its sandbox, promptc record a wrapper that
// notes every path the build touches. An env without it reads the OS file
// system. The FS is rooted at "/" (names are absolute paths without the
// leading slash) and must be safe for concurrent use.
type fsEnv interface {
	FS() sources.FS
}

// hostFS is the file system builds read through: e's own, else the OS's
// (a one-shot command's snapshot of it: see oneShotFS).
func hostFS(e env) sources.FS {
	if f, ok := e.(fsEnv); ok {
		return f.FS()
	}
	if o, ok := e.(osEnv); ok && o.fs != nil {
		return o.fs
	}
	return sources.OSFS()
}

// MaxArgFileBytes caps a file named on the command line (a pipeline,
// overlay, params, tool or build --json file, or --params - on standard
// input): four times the largest prompt a render prints, so that the
// build --json of any prompt fits, and no argument can make promptc
// allocate without bound.
const MaxArgFileBytes = 256 << 20

// readHostFile reads a file named on the command line (a pipeline,
// overlay, params, tool or build --json file) by the rule project files
// are read by: opened once without blocking, checked on the open handle
// to be a regular file of at most MaxArgFileBytes, then read (see
// sources.ReadFile). A named pipe, device or directory is an error at
// once, never a hang or an endless read. With an env that supplies its
// file system, the file is read through it and a relative name is
// resolved against e's working directory; without one, against the
// process's, as os.ReadFile does. Errors name the file as given.
func readHostFile(e env, name string) ([]byte, error) {
	f, ok := e.(fsEnv)
	if !ok {
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, err
		}
		data, err := sources.ReadFileMax(sources.OSFS(), filepath.ToSlash(abs), MaxArgFileBytes)
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
	data, err := sources.ReadFileMax(f.FS(), filepath.ToSlash(abs), MaxArgFileBytes)
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
