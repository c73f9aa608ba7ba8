package osfs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestListDirMatchesOS: the bare-descriptor listing gives what
// os.ReadDir gives (names, order, types, Info) and what (*os.File).Stat
// says of the directory, for every kind of entry, for a listing larger
// than one getdents batch, for the root, and fails as os does for
// anything that is not a directory.
func TestListDirMatchesOS(t *testing.T) {
	dir := t.TempDir()
	mustWrite := func(p string) {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mustWrite(filepath.Join(dir, "file"))
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("file", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	mustWrite(filepath.Join(dir, "ünïcode name"))
	big := filepath.Join(dir, "big")
	if err := os.Mkdir(big, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 400 { // about 40 KB of records: several batches
		mustWrite(filepath.Join(big, fmt.Sprintf("%03d-%s", i, strings.Repeat("n", 80))))
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, big, empty, "/", "/dev"} {
		got, gotInfo, err := listDir(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		want, err := os.ReadDir(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d entries, os %d", p, len(got), len(want))
		}
		for i := range want {
			g, w := got[i], want[i]
			if g.Name() != w.Name() || g.Type() != w.Type() || g.IsDir() != w.IsDir() {
				t.Errorf("%s: entry %d is %q %v, os %q %v", p, i, g.Name(), g.Type(), w.Name(), w.Type())
			}
			gi, gerr := g.Info()
			wi, werr := w.Info()
			if (gerr == nil) != (werr == nil) || (gerr == nil && (gi.Mode() != wi.Mode() || gi.Size() != wi.Size())) {
				t.Errorf("%s/%s: Info %v %v, os %v %v", p, g.Name(), gi, gerr, wi, werr)
			}
			if gs, ws := fmt.Sprint(g), fmt.Sprint(w); gs != ws {
				t.Errorf("%s: printed %q, os %q", p, gs, ws)
			}
		}
		wantInfo, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if gotInfo.Mode() != wantInfo.Mode() || !gotInfo.ModTime().Equal(wantInfo.ModTime()) || gotInfo.Sys().(*syscall.Stat_t).Ino != wantInfo.Sys().(*syscall.Stat_t).Ino {
			t.Errorf("%s: directory info %v, os %v", p, gotInfo, wantInfo)
		}
	}
	for _, p := range []string{filepath.Join(dir, "file"), filepath.Join(dir, "fifo"), filepath.Join(dir, "missing"), filepath.Join(dir, "dangling")} {
		_, _, err := listDir(p)
		_, _, want := listDirFile(p)
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%s: error %v, through *os.File %v", p, err, want)
		}
	}
}

// TestDtType maps every type a listing can give, and says when it gives
// none.
func TestDtType(t *testing.T) {
	for dt, want := range map[byte]fs.FileMode{
		syscall.DT_REG: 0, syscall.DT_DIR: fs.ModeDir, syscall.DT_LNK: fs.ModeSymlink,
		syscall.DT_FIFO: fs.ModeNamedPipe, syscall.DT_SOCK: fs.ModeSocket,
		syscall.DT_CHR: fs.ModeDevice | fs.ModeCharDevice, syscall.DT_BLK: fs.ModeDevice,
		syscall.DT_UNKNOWN: unknownType,
	} {
		if got := dtType(dt); got != want {
			t.Errorf("dtType(%d) = %v, want %v", dt, got, want)
		}
	}
}
