package bind

import (
	"io/fs"

	"github.com/promptc/promptc/sources"
)

// realpath resolves the symlinks of the absolute path p on fsys, which
// must be a [sources.FS] (osfs.Root() is).
func realpath(fsys fs.FS, p string) (string, error) {
	sfs, ok := fsys.(sources.FS)
	if !ok {
		return p, nil
	}
	return sources.Realpath(sfs, p)
}
