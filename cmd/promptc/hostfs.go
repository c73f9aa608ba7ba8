package main

import (
	"errors"
	"io/fs"
	"os"
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

// readHostFile reads a file named on the command line (a pipeline,
// overlay or params file). With an env that supplies its file system, the
// file is read through it and a relative name is resolved against e's
// working directory; errors name the file as given, as os.ReadFile does.
func readHostFile(e env, name string) ([]byte, error) {
	f, ok := e.(fsEnv)
	if !ok {
		return os.ReadFile(name)
	}
	abs := name
	if !filepath.IsAbs(name) {
		wd, err := e.Getwd()
		if err != nil {
			return nil, err
		}
		abs = filepath.Join(wd, name)
	}
	data, err := f.FS().ReadFile(sources.Name(filepath.ToSlash(abs)))
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: pe.Err}
	}
	return data, err
}
