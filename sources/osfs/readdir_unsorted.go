package osfs

import "io/fs"

// ReadDirUnsorted lists the directory through one bare descriptor, in
// getdents64 order (listDirOrder).
func (o osFS) ReadDirUnsorted(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	entries, _, err := listDirOrder("/"+name, false)
	return entries, err
}
