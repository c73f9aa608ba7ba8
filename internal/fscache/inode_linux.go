//go:build linux

package fscache

import (
	"io/fs"
	"syscall"
)

// inode returns the inode and device numbers and the change time (ns) of
// fi, when the platform has them.
func inode(fi fs.FileInfo) (ino, dev uint64, ctime int64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino), uint64(st.Dev), st.Ctim.Nano()
	}
	return 0, 0, 0
}
