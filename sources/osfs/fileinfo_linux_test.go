package osfs

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFstatMatchesOS: the FileInfo of a bare descriptor is what
// (*os.File).Stat says of the same file, for every kind of file and the
// special mode bits.
func TestFstatMatchesOS(t *testing.T) {
	dir := t.TempDir()
	file, setuid, fifo, sub := filepath.Join(dir, "f"), filepath.Join(dir, "s"), filepath.Join(dir, "p"), filepath.Join(dir, "d")
	if err := os.WriteFile(file, []byte("hello"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(setuid, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(setuid, 0o755|os.ModeSetuid|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(sub, 0o750|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(sub, 0o750|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{file, setuid, fifo, sub, "/dev/null"} {
		f, err := openNonblocking(p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := f.Stat()
		if err != nil {
			t.Fatal(err)
		}
		got, err := fstat(int(f.Fd()), p)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got.Name() != want.Name() || got.Mode() != want.Mode() || got.Size() != want.Size() || !got.ModTime().Equal(want.ModTime()) || got.IsDir() != want.IsDir() {
			t.Errorf("%s: fstat %v %v %d %v, os %v %v %d %v", p, got.Name(), got.Mode(), got.Size(), got.ModTime(), want.Name(), want.Mode(), want.Size(), want.ModTime())
		}
		if got.Sys().(*syscall.Stat_t).Ino != want.Sys().(*syscall.Stat_t).Ino {
			t.Errorf("%s: another inode", p)
		}
	}
}
