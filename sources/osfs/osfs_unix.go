//go:build unix

package osfs

import (
	"errors"
	"os"
	"syscall"
)

// nonblockingFlags open for reading with O_NONBLOCK, so that opening a
// named pipe returns at once instead of waiting for a writer, and
// O_NOCTTY, so that a terminal device never becomes the controlling one.
// For regular files O_NONBLOCK changes nothing.
const nonblockingFlags = syscall.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY | syscall.O_CLOEXEC

// openNonblocking opens path for reading without blocking (see
// nonblockingFlags).
func openNonblocking(path string) (*os.File, error) {
	fd, err := openFD(path, nonblockingFlags)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}

func openFD(path string, flags int) (int, error) {
	for {
		fd, err := syscall.Open(path, flags, 0)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return -1, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return fd, nil
	}
}

// openDir opens the directory abs for listing. O_DIRECTORY refuses
// anything else before opening it, so a named pipe cannot block, and a
// blocking descriptor is not offered to the poller. Anything but a
// directory is opened as before, so that its listing fails as it did,
// with its FileInfo.
func openDir(abs string) (*os.File, error) {
	fd, err := openFD(abs, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC)
	if errors.Is(err, syscall.ENOTDIR) {
		return openNonblocking(abs)
	}
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), abs), nil
}
