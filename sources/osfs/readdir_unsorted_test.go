package osfs_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// hideUnsorted is an sources.FS without the UnsortedDirReader method.
type hideUnsorted struct{ sources.FS }

// TestReadDirUnsorted: the unsorted listing is the file system's own
// order ((*os.File).ReadDir(-1), getdents64 on Linux), from Root and from
// an sources.FS that only opens files; sources.ReadDir stays sorted.
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
	names := func(list func(sources.FS, string) ([]fs.DirEntry, error), fsys sources.FS) []string {
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
	for name, fsys := range map[string]sources.FS{"OSFS": osfs.Root(), "open only": hideUnsorted{osfs.Root()}} {
		if got := names(sources.ReadDirUnsorted, fsys); !reflect.DeepEqual(got, raw) {
			t.Errorf("%s: sources.ReadDirUnsorted %q, want the listing %q", name, got, raw)
		}
		want := slices.Clone(raw)
		slices.Sort(want)
		if got := names(sources.ReadDir, fsys); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: sources.ReadDir %q, want sorted %q", name, got, want)
		}
	}
	if _, err := sources.ReadDirUnsorted(osfs.Root(), filepath.Join(dir, "zeta")); err == nil {
		t.Error("sources.ReadDirUnsorted of a file: no error")
	}
	if _, err := sources.ReadDirUnsorted(hideUnsorted{osfs.Root()}, filepath.Join(dir, "zeta")); err == nil {
		t.Error("sources.ReadDirUnsorted of a file through Open: no error")
	}
}
