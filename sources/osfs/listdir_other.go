//go:build !linux

package osfs

import "io/fs"

// listDir lists the directory abs: its entries sorted by name and the
// open handle's FileInfo.
func listDir(abs string) ([]fs.DirEntry, fs.FileInfo, error) { return listDirFile(abs) }

// listDirOrder is listDir; with sorted false the entries stay in the
// order the system's directory read returned them.
func listDirOrder(abs string, sorted bool) ([]fs.DirEntry, fs.FileInfo, error) {
	f, err := openDir(abs)
	if err != nil {
		return nil, nil, err
	}
	return listOpenOrder(f, sorted)
}
