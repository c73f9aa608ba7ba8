//go:build linux

package osfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"

	"github.com/promptc/promptc/sources"
)

// readRegular opens abs without blocking, describes the open handle and,
// when it is a regular file of at most max bytes, reads it to the end:
// open, fstat, read and close, the calls of the I/O floor, on the bare
// descriptor (an *os.File would add an fcntl and a failed epoll_ctl).
func readRegular(abs string, max int64) ([]byte, fs.FileInfo, error) {
	fd, fi, err := openStat(abs, nonblockingFlags)
	if err != nil {
		return nil, nil, err
	}
	defer syscall.Close(fd)
	if err := sources.CheckRegular(abs, fi, max); err != nil {
		return nil, fi, err
	}
	b, err := sources.ReadAllSized(fdReader{fd, abs}, abs, fi.Size(), max)
	return b, fi, err
}

// openStat opens abs with flags and describes the open descriptor; the
// caller closes it (on an error there is nothing to close).
func openStat(abs string, flags int) (int, fs.FileInfo, error) {
	fd, err := openFD(abs, flags)
	if err != nil {
		return -1, nil, err
	}
	fi, err := fstat(fd, abs)
	if err != nil {
		syscall.Close(fd)
		return -1, nil, err
	}
	return fd, fi, nil
}

// fdReader reads a descriptor that does not block (a regular file).
type fdReader struct {
	fd   int
	path string
}

func (r fdReader) Read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(r.fd, p)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return 0, &os.PathError{Op: "read", Path: r.path, Err: err}
		}
		if n == 0 && len(p) > 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}
