//go:build linux

package osfs

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"syscall"
	"time"
)

// fstat describes an open descriptor as (*os.File).Stat does.
func fstat(fd int, name string) (fs.FileInfo, error) {
	fi := &statInfo{name: path.Base(name)}
	for {
		err := syscall.Fstat(fd, &fi.st)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "stat", Path: name, Err: err}
		}
		return fi, nil
	}
}

// statInfo is the fs.FileInfo of a stat, with the mode bits os gives
// (os.FileMode from st_mode); Sys is the *syscall.Stat_t.
type statInfo struct {
	name string
	st   syscall.Stat_t
}

func (fi *statInfo) Name() string       { return fi.name }
func (fi *statInfo) Size() int64        { return fi.st.Size }
func (fi *statInfo) IsDir() bool        { return fi.Mode().IsDir() }
func (fi *statInfo) ModTime() time.Time { return time.Unix(fi.st.Mtim.Unix()) }
func (fi *statInfo) Sys() any           { return &fi.st }

func (fi *statInfo) Mode() fs.FileMode {
	m := fs.FileMode(fi.st.Mode & 0o777)
	switch fi.st.Mode & syscall.S_IFMT {
	case syscall.S_IFBLK:
		m |= fs.ModeDevice
	case syscall.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFDIR:
		m |= fs.ModeDir
	case syscall.S_IFIFO:
		m |= fs.ModeNamedPipe
	case syscall.S_IFLNK:
		m |= fs.ModeSymlink
	case syscall.S_IFSOCK:
		m |= fs.ModeSocket
	}
	if fi.st.Mode&syscall.S_ISGID != 0 {
		m |= fs.ModeSetgid
	}
	if fi.st.Mode&syscall.S_ISUID != 0 {
		m |= fs.ModeSetuid
	}
	if fi.st.Mode&syscall.S_ISVTX != 0 {
		m |= fs.ModeSticky
	}
	return m
}
