//go:build linux

package osfs

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"syscall"
	"unsafe"
)

// listDir lists the directory abs on the bare descriptor: open with
// O_DIRECTORY, fstat, getdents64 until it returns nothing, close, the
// calls of the I/O floor (an *os.File would add its own bookkeeping and a
// finalizer per directory). Entries come sorted by name, without "." and
// "..", each typed as the kernel's listing says, with an lstat only where
// the file system does not say, as os does. Anything that is not a
// directory is opened without blocking and listed through an *os.File, so
// that it fails exactly as it did.
func listDir(abs string) ([]fs.DirEntry, fs.FileInfo, error) { return listDirOrder(abs, true) }

// listDirOrder is listDir; with sorted false the entries stay in the
// order getdents64 returned them, the file system's own order.
func listDirOrder(abs string, sorted bool) ([]fs.DirEntry, fs.FileInfo, error) {
	fd, fi, err := openStat(abs, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC)
	if errors.Is(err, syscall.ENOTDIR) {
		f, err := openNonblocking(abs)
		if err != nil {
			return nil, nil, err
		}
		return listOpen(f)
	}
	if err != nil {
		return nil, nil, err
	}
	defer syscall.Close(fd)
	var buf [8192]byte
	var entries []fs.DirEntry
	for {
		n, err := getdents(fd, &buf)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, fi, &os.PathError{Op: "readdirent", Path: abs, Err: err}
		}
		if n <= 0 {
			break
		}
		if entries, err = appendDirents(entries, abs, buf[:n]); err != nil {
			return nil, fi, err
		}
	}
	if sorted {
		sortEntries(entries)
	}
	return entries, fi, nil
}

// getdents is syscall.Getdents on a buffer that stays on the caller's
// stack (through syscall.Getdents's slice it would escape to the heap).
func getdents(fd int, buf *[8192]byte) (int, error) {
	n, _, errno := syscall.Syscall(syscall.SYS_GETDENTS64, uintptr(fd), uintptr(unsafe.Pointer(buf)), uintptr(len(buf)))
	if errno != 0 {
		return 0, errno
	}
	return int(n), nil
}

// A linux_dirent64 record: inode (8 bytes), offset (8), record length
// (2), type (1), then the name, NUL-terminated.
const (
	direntIno    = 0
	direntReclen = 16
	direntType   = 18
	direntName   = 19
)

// appendDirents appends the records of one getdents64 batch. The batch's
// entries and names are allocated together, two allocations per batch.
func appendDirents(entries []fs.DirEntry, parent string, b []byte) ([]fs.DirEntry, error) {
	count, size := 0, 0
	for rec, rest, ok := nextRecord(b); ok; rec, rest, ok = nextRecord(rest) {
		if name := direntNameOf(rec); !skipDirent(rec, name) {
			count++
			size += len(name)
		}
	}
	block := make([]dirent, 0, count)
	names := make([]byte, 0, size)
	for rec, rest, ok := nextRecord(b); ok; rec, rest, ok = nextRecord(rest) {
		name := direntNameOf(rec)
		if skipDirent(rec, name) {
			continue
		}
		names = append(names, name...)
		block = append(block, dirent{parent: parent, typ: dtType(rec[direntType])})
		block[len(block)-1].end = len(names)
	}
	all := string(names)
	start := 0
	for i := range block {
		d := &block[i]
		d.name, start = all[start:d.end], d.end
		if d.typ == unknownType {
			info, err := os.Lstat(d.path())
			if errors.Is(err, fs.ErrNotExist) {
				continue // gone since the listing, as os skips it
			}
			if err != nil {
				return entries, err
			}
			d.typ = info.Mode().Type()
		}
		entries = append(entries, d)
	}
	return entries, nil
}

// nextRecord splits the first record off a getdents64 batch; a truncated
// record ends the batch.
func nextRecord(b []byte) (rec, rest []byte, ok bool) {
	if len(b) < direntName {
		return nil, nil, false
	}
	n := int(binary.NativeEndian.Uint16(b[direntReclen:]))
	if n < direntName || n > len(b) {
		return nil, nil, false
	}
	return b[:n], b[n:], true
}

func direntNameOf(rec []byte) []byte {
	name := rec[direntName:]
	for i, c := range name {
		if c == 0 {
			return name[:i]
		}
	}
	return name
}

// skipDirent: os leaves out ".", ".." and records without an inode.
func skipDirent(rec, name []byte) bool {
	if binary.NativeEndian.Uint64(rec[direntIno:]) == 0 {
		return true
	}
	return string(name) == "." || string(name) == ".."
}

// unknownType marks a record whose type the file system did not give.
const unknownType = ^fs.FileMode(0)

func dtType(t byte) fs.FileMode {
	switch t {
	case syscall.DT_BLK:
		return fs.ModeDevice
	case syscall.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.DT_DIR:
		return fs.ModeDir
	case syscall.DT_FIFO:
		return fs.ModeNamedPipe
	case syscall.DT_LNK:
		return fs.ModeSymlink
	case syscall.DT_REG:
		return 0
	case syscall.DT_SOCK:
		return fs.ModeSocket
	}
	return unknownType
}

// dirent is one entry of listDir: an fs.DirEntry whose Info is an lstat,
// as os's own.
type dirent struct {
	parent, name string
	typ          fs.FileMode
	end          int // while building: where the name ends in the batch
}

func (d *dirent) Name() string               { return d.name }
func (d *dirent) IsDir() bool                { return d.typ.IsDir() }
func (d *dirent) Type() fs.FileMode          { return d.typ }
func (d *dirent) Info() (fs.FileInfo, error) { return os.Lstat(d.path()) }
func (d *dirent) String() string             { return fs.FormatDirEntry(d) }

func (d *dirent) path() string {
	if d.parent == "/" {
		return "/" + d.name
	}
	return d.parent + "/" + d.name
}
