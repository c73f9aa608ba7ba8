package sources

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// MaxFileBytes is the largest file promptc reads: 536,870,887 bytes, one
// less than V8's longest string (0x1fffffe8). Node's readFileSync(p,
// "utf-8") fails from that size on with "Cannot create a string longer
// than 0x1fffffe8 characters" (checked against Node 22 with sparse files),
// so pi cannot read such a file and warns or skips where it would on any
// read error; promptc does the same, for every pipeline, and a build can
// never be made to allocate without bound by one file.
const MaxFileBytes = 0x1fffffe8 - 1

// ErrNotRegular is what a *NotRegularError wraps.
var ErrNotRegular = errors.New("not a regular file")

// NotRegularError reports a file that is not a regular file (a named
// pipe, socket or device), which promptc never reads: reading one could
// block forever or never end.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is not a regular file (%s)", e.Path, typeName(e.Mode))
}

func (e *NotRegularError) Unwrap() error { return ErrNotRegular }

func typeName(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	case m.IsDir():
		return "directory"
	}
	return m.Type().String()
}

// TooLargeError reports a file of MaxFileBytes bytes or more (or larger
// than a smaller limit a kind asked for).
type TooLargeError struct {
	Path  string
	Size  int64 // the size seen, or -1 when it grew while being read
	Limit int64
}

func (e *TooLargeError) Error() string {
	if e.Limit == MaxFileBytes {
		return "Cannot create a string longer than 0x1fffffe8 characters"
	}
	return fmt.Sprintf("%s is larger than %d bytes", e.Path, e.Limit)
}

// RegularReader is implemented by file systems that read a regular file
// safely: osfs.Root opens the file once without blocking (opening a named
// pipe never waits for a writer), checks on the open handle that it is a
// regular file, and reads at most max bytes; the per-turn cache serves it
// from memory while the file is unchanged. fi describes what was read.
type RegularReader interface {
	ReadRegular(name string, max int64) (data []byte, fi fs.FileInfo, err error)
}

// DirReader is implemented by file systems that list a directory and
// describe it through one open handle (no stat before the listing):
// osfs.Root does, and the per-turn cache uses it on a first listing.
type DirReader interface {
	ReadDirInfo(name string) ([]fs.DirEntry, fs.FileInfo, error)
}

// ReadFile reads the regular file at abs, whole, as every kind must read
// files: a directory fails as reading one does (EISDIR), anything else
// that is not a regular file is a *NotRegularError without being read, and
// a file of MaxFileBytes or more is a *TooLargeError without being read.
// On a [RegularReader] the check is made on the opened file, so a file
// swapped for a pipe between a check and the read cannot block the build;
// on other file systems it is a stat before the read.
func ReadFile(fsys FS, abs string) ([]byte, error) {
	return ReadFileMax(fsys, abs, MaxFileBytes)
}

// ReadFileMax is ReadFile with a smaller limit (max <= MaxFileBytes).
func ReadFileMax(fsys FS, abs string, max int64) ([]byte, error) {
	name := Name(abs)
	if rr, ok := fsys.(RegularReader); ok {
		b, _, err := rr.ReadRegular(name, max)
		return b, err
	}
	fi, err := fsys.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := CheckRegular(abs, fi, max); err != nil {
		return nil, err
	}
	b, err := fsys.ReadFile(name)
	if err == nil && int64(len(b)) > max {
		return nil, &TooLargeError{Path: abs, Size: -1, Limit: max}
	}
	return b, err
}

// CheckRegular fails when fi (of the file at abs) is not something
// ReadFile reads: a directory gives the error reading one gives, another
// non-regular file a *NotRegularError, a file of max bytes or more a
// *TooLargeError.
func CheckRegular(abs string, fi fs.FileInfo, max int64) error {
	switch {
	case fi.IsDir():
		return &fs.PathError{Op: "read", Path: abs, Err: errIsDir}
	case !fi.Mode().IsRegular():
		return &NotRegularError{Path: abs, Mode: fi.Mode()}
	case fi.Size() > max:
		return &TooLargeError{Path: abs, Size: fi.Size(), Limit: max}
	}
	return nil
}

// ReadAllSized reads r to the end, failing with a *TooLargeError once it
// has given more than maxBytes (a file that grew while being read). size
// is a hint (a regular file's stat size): the buffer starts with room for
// size bytes and the end-of-file, so a file that does not grow meanwhile
// is read without reallocation.
func ReadAllSized(r io.Reader, abs string, size, maxBytes int64) ([]byte, error) {
	size = min(max(size, 0), maxBytes) + 1
	b := make([]byte, 0, size)
	lr := io.LimitReader(r, maxBytes+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(b)) > maxBytes {
		return nil, &TooLargeError{Path: abs, Size: -1, Limit: maxBytes}
	}
	return b, nil
}
