// Package osfs is the host's file system as a [sources.FS]: os.DirFS("/")
// with the fast paths promptc's per-turn costs rest on (on Linux: bare
// descriptors for open, fstat, read and getdents64, and stat without
// *os.File bookkeeping), reads that never block on special files, and
// listings in the system's own order. It is the only place promptc's
// file access touches package os and syscall; kinds read through the
// sources.FS they are given and never import it.
package osfs

import (
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/promptc/promptc/sources"
)

// Root returns the host's file system rooted at "/": os.DirFS("/") whose
// reads never block on special files (see [sources.RegularReader]). It is
// what the CLI and Go hosts pass as engine.Input.FS.
func Root() sources.FS { return osFS{os.DirFS("/").(sources.FS)} }

type osFS struct{ sources.FS }

var (
	_ sources.RegularReader     = osFS{}
	_ sources.DirReader         = osFS{}
	_ sources.UnsortedDirReader = osFS{}
)

// ReadFile reads a regular file safely, like ReadRegular with no limit
// beyond MaxFileBytes.
func (o osFS) ReadFile(name string) ([]byte, error) {
	b, _, err := o.ReadRegular(name, sources.MaxFileBytes)
	return b, err
}

func (o osFS) ReadRegular(name string, max int64) ([]byte, fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	abs := "/" + name
	if name == "." {
		abs = "/"
	}
	return readRegular(abs, max)
}

// readRegularFile is readRegular through an *os.File.
func readRegularFile(abs string, max int64) ([]byte, fs.FileInfo, error) {
	f, err := openNonblocking(abs)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if err := sources.CheckRegular(abs, fi, max); err != nil {
		return nil, fi, err
	}
	b, err := sources.ReadAllSized(f, abs, fi.Size(), max)
	return b, fi, err
}

// ReadDirInfo lists a directory through one open handle: its entries
// sorted by name (as ReadDir) and the handle's own FileInfo.
func (o osFS) ReadDirInfo(name string) ([]fs.DirEntry, fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	return listDir("/" + name)
}

// listDirFile is listDir through an *os.File.
func listDirFile(abs string) ([]fs.DirEntry, fs.FileInfo, error) {
	f, err := openDir(abs)
	if err != nil {
		return nil, nil, err
	}
	return listOpen(f)
}

// listOpen lists the open f, sorted, with f's FileInfo, and closes it.
func listOpen(f *os.File) ([]fs.DirEntry, fs.FileInfo, error) { return listOpenOrder(f, true) }

// listOpenOrder is listOpen; with sorted false the entries stay in the
// order the system's directory read returned them.
func listOpenOrder(f *os.File, sorted bool) ([]fs.DirEntry, fs.FileInfo, error) {
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	entries, err := f.ReadDir(-1)
	if err != nil {
		return nil, fi, err
	}
	if sorted {
		sortEntries(entries)
	}
	return entries, fi, nil
}

func sortEntries(entries []fs.DirEntry) {
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
}
