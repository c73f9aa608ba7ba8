//go:build !unix

package fscache

import "io/fs"

// inode is unknown on this platform; size and mtime still apply.
func inode(fs.FileInfo) (ino, dev uint64) { return 0, 0 }
