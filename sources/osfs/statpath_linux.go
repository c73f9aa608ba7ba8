//go:build linux

package osfs

import (
	"errors"
	"io/fs"
	"path"
	"syscall"
)

// Lstat is os.DirFS("/")'s Lstat without its *os.File-era bookkeeping:
// one lstat into a statInfo, with the error os gives (an *fs.PathError
// naming the fs.FS name).
func (o osFS) Lstat(name string) (fs.FileInfo, error) {
	return statPath(name, "lstat", syscall.Lstat)
}

// Stat is os.DirFS("/")'s Stat, as Lstat is its Lstat.
func (o osFS) Stat(name string) (fs.FileInfo, error) {
	return statPath(name, "stat", syscall.Stat)
}

func statPath(name, op string, stat func(string, *syscall.Stat_t) error) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	abs := "/" + name
	fi := &statInfo{name: path.Base(abs)}
	for {
		err := stat(abs, &fi.st)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: op, Path: name, Err: err}
		}
		return fi, nil
	}
}
