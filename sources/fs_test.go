package sources

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRealpath(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(root+"/a/b", 0o755))
	must(os.WriteFile(root+"/a/b/f", nil, 0o644))
	must(os.Symlink("a/b", root+"/lnk"))
	must(os.Symlink(root+"/lnk/f", root+"/abs"))
	must(os.Symlink("loop2", root+"/loop1"))
	must(os.Symlink("loop1", root+"/loop2"))
	fsys := os.DirFS("/").(FS)
	r := NewResolver(fsys)
	for in, want := range map[string]string{
		root + "/lnk/f":    root + "/a/b/f",
		root + "/abs":      root + "/a/b/f",
		root + "/a/./b//f": root + "/a/b/f",
		root + "/lnk":      root + "/a/b",
		"/":                "/",
	} {
		got, err := Realpath(fsys, in)
		if err != nil || got != want {
			t.Errorf("Realpath(%s) = %s, %v; want %s", in, got, err, want)
		}
		got, err = r.Realpath(in)
		if err != nil || got != want {
			t.Errorf("Resolver.Realpath(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	// Like Node's realpathSync, ".." is folded lexically before any
	// symlink is resolved.
	if _, err := Realpath(fsys, root+"/lnk/../b/f"); err == nil {
		t.Error("lnk/../b/f resolved through the link")
	}
	if _, err := Realpath(fsys, root+"/loop1"); err == nil {
		t.Error("symlink loop resolved")
	}
	if _, err := r.Realpath(root + "/missing/x"); err == nil {
		t.Error("missing path resolved")
	}
}
