//go:build unix

package fscache

import (
	"io/fs"
	"syscall"
)

// inode returns the inode and device numbers of fi, when the platform has them.
func inode(fi fs.FileInfo) (ino, dev uint64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino), uint64(st.Dev)
	}
	return 0, 0
}
