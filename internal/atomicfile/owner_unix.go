//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// keepOwner gives file the owner and group of the file at name when they
// differ from its own and the process may set them (root); otherwise the new
// file is the caller's, as any file it creates.
func keepOwner(file File, name string) {
	f, ok := file.(*os.File)
	if !ok {
		return // a test's file: no owner to keep
	}
	old, err := os.Lstat(name)
	if err != nil {
		return
	}
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if fi, err := f.Stat(); err == nil {
		if cur, ok := fi.Sys().(*syscall.Stat_t); ok && cur.Uid == st.Uid && cur.Gid == st.Gid {
			return
		}
	}
	_ = f.Chown(int(st.Uid), int(st.Gid))
}
