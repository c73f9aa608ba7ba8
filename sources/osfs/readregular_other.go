//go:build !linux

package osfs

import "io/fs"

// readRegular opens abs, describes the open handle and, when it is a
// regular file of at most max bytes, reads it.
func readRegular(abs string, max int64) ([]byte, fs.FileInfo, error) {
	return readRegularFile(abs, max)
}
