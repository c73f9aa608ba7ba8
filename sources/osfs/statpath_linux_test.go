package osfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/promptc/promptc/sources"
)

// TestStatPathMatchesDirFS: Root's Stat and Lstat say what os.DirFS("/")
// says, FileInfo and error alike, for every kind of path and failure.
func TestStatPathMatchesDirFS(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	file, link, dangling, fifo, sub := filepath.Join(dir, "f"), filepath.Join(dir, "l"), filepath.Join(dir, "dl"), filepath.Join(dir, "p"), filepath.Join(dir, "d")
	if err := os.WriteFile(file, []byte("hello"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "nowhere"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(sub, 0o750); err != nil {
		t.Fatal(err)
	}
	names := []string{".", "dev/null", "tmp", file[1:], link[1:], dangling[1:], fifo[1:], sub[1:],
		filepath.Join(dir, "missing")[1:], filepath.Join(file, "below")[1:], "/abs", "a/../b", ""}
	ours, theirs := Root(), os.DirFS("/").(sources.FS)
	type statFn func(sources.FS, string) (fs.FileInfo, error)
	for op, call := range map[string]statFn{
		"stat":  func(f sources.FS, n string) (fs.FileInfo, error) { return f.Stat(n) },
		"lstat": func(f sources.FS, n string) (fs.FileInfo, error) { return f.Lstat(n) },
	} {
		for _, n := range names {
			got, gerr := call(ours, n)
			want, werr := call(theirs, n)
			if (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) {
				t.Errorf("%s %q: error %v, os %v", op, n, gerr, werr)
				continue
			}
			if gerr != nil {
				var gp, wp *fs.PathError
				if !errors.As(gerr, &gp) || !errors.As(werr, &wp) || gp.Err != wp.Err {
					t.Errorf("%s %q: error %#v, os %#v", op, n, gerr, werr)
				}
				continue
			}
			if got.Name() != want.Name() || got.Mode() != want.Mode() || got.Size() != want.Size() || !got.ModTime().Equal(want.ModTime()) || got.IsDir() != want.IsDir() ||
				got.Sys().(*syscall.Stat_t).Ino != want.Sys().(*syscall.Stat_t).Ino {
				t.Errorf("%s %q: %s %v %d, os %s %v %d", op, n, got.Name(), got.Mode(), got.Size(), want.Name(), want.Mode(), want.Size())
			}
		}
	}
}
