//go:build !linux

package fscache

import "io/fs"

// inode is not read on this platform; size, mtime and mode still apply.
func inode(fs.FileInfo) (ino, dev uint64, ctime int64) { return 0, 0, 0 }
