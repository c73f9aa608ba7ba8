package sources

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// hideUnsorted is an FS without the UnsortedDirReader method.
type hideUnsorted struct{ FS }

// TestReadDirUnsorted: the unsorted listing is the file system's own
// order ((*os.File).ReadDir(-1), getdents64 on Linux), from OSFS and from
// an FS that only opens files; ReadDir stays sorted.
func TestReadDirUnsorted(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"zeta", "beta", "Alpha", "mid", "omega", "c1", "c2", "c3", "sub"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := f.Readdirnames(-1)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	names := func(list func(FS, string) ([]fs.DirEntry, error), fsys FS) []string {
		t.Helper()
		es, err := list(fsys, dir)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, e := range es {
			out = append(out, e.Name())
		}
		return out
	}
	for name, fsys := range map[string]FS{"OSFS": OSFS(), "open only": hideUnsorted{OSFS()}} {
		if got := names(ReadDirUnsorted, fsys); !reflect.DeepEqual(got, raw) {
			t.Errorf("%s: ReadDirUnsorted %q, want the listing %q", name, got, raw)
		}
		want := slices.Clone(raw)
		slices.Sort(want)
		if got := names(ReadDir, fsys); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: ReadDir %q, want sorted %q", name, got, want)
		}
	}
	if _, err := ReadDirUnsorted(OSFS(), filepath.Join(dir, "zeta")); err == nil {
		t.Error("ReadDirUnsorted of a file: no error")
	}
	if _, err := ReadDirUnsorted(hideUnsorted{OSFS()}, filepath.Join(dir, "zeta")); err == nil {
		t.Error("ReadDirUnsorted of a file through Open: no error")
	}
}
