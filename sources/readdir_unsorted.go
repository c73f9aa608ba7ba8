package sources

import "io/fs"

// UnsortedDirReader is an FS that can list a directory in the file
// system's own order (on Linux the order getdents64 returns, which on
// ext4 is the order of the names' hashes and on tmpfs the reverse of
// creation), for kinds that reproduce an agent that does not sort.
type UnsortedDirReader interface {
	ReadDirUnsorted(name string) ([]fs.DirEntry, error)
}

// ReadDirUnsorted lists abs in the file system's own order, not sorted,
// as Node's and Bun's readdir do. An FS that is an UnsortedDirReader
// lists it itself; otherwise the directory is opened through fsys and
// read whole with fs.ReadDirFile.ReadDir(-1), which an *os.File answers
// in the system's order. A directory whose open file cannot list is
// listed by fsys.ReadDir, sorted by name: the order of such an FS is its
// listing's.
func ReadDirUnsorted(fsys FS, abs string) ([]fs.DirEntry, error) {
	if u, ok := fsys.(UnsortedDirReader); ok {
		return u.ReadDirUnsorted(Name(abs))
	}
	if fi, err := Stat(fsys, abs); err != nil {
		return nil, err
	} else if !fi.IsDir() {
		return ReadDir(fsys, abs) // fails as ReadDir fails
	}
	f, err := fsys.Open(Name(abs))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if d, ok := f.(fs.ReadDirFile); ok {
		return d.ReadDir(-1)
	}
	return ReadDir(fsys, abs)
}
