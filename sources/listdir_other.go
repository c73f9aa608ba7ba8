//go:build !linux

package sources

import "io/fs"

// listDir lists the directory abs: its entries sorted by name and the
// open handle's FileInfo.
func listDir(abs string) ([]fs.DirEntry, fs.FileInfo, error) { return listDirFile(abs) }
