//go:build !unix

package sources

import (
	"errors"
	"os"
)

var errIsDir = errors.New("is a directory")

// openNonblocking opens path for reading; platforms without named pipes
// in the file system have nothing to block on.
func openNonblocking(path string) (*os.File, error) { return os.Open(path) }

// openDir opens the directory abs for listing.
func openDir(abs string) (*os.File, error) { return os.Open(abs) }
