//go:build unix

package sources

import (
	"errors"
	"os"
	"syscall"
)

var errIsDir = syscall.EISDIR

// openNonblocking opens path for reading with O_NONBLOCK, so that opening
// a named pipe returns at once instead of waiting for a writer, and
// O_NOCTTY, so that a terminal device never becomes the controlling one.
// For regular files O_NONBLOCK changes nothing.
func openNonblocking(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY|syscall.O_CLOEXEC, 0)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
