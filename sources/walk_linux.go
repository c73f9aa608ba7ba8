//go:build linux

package sources

import (
	"io/fs"
	"syscall"
)

func fileIDOf(fi fs.FileInfo) (fileID, bool) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, true
	}
	return fileID{}, false
}
