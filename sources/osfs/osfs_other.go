//go:build !unix

package osfs

import "os"

// openNonblocking opens path for reading; platforms without named pipes
// in the file system have nothing to block on.
func openNonblocking(path string) (*os.File, error) { return os.Open(path) }

// openDir opens the directory abs for listing.
func openDir(abs string) (*os.File, error) { return os.Open(abs) }
