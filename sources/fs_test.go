package sources

import (
	"os"
	"path"
	"path/filepath"
	"strings"
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

func TestIsCleanChildName(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "//a", "/a/", "/a/./b", "/a/../b", "/.", "/..", "/.a", "/a/..b", "/a/.b/", "a", "", "/a/b/.", "/a//b"} {
		want := strings.HasPrefix(p, "/") && path.Clean(p) == p
		if got := IsClean(p); got != want {
			t.Errorf("IsClean(%q) = %v, want %v", p, got, want)
		}
		if got, want := Name(p), strings.TrimPrefix(path.Clean("/"+p), "/"); got != want && !(want == "" && got == ".") {
			t.Errorf("Name(%q) = %q, want %q", p, got, want)
		}
		for _, n := range []string{"x", ".x", "..x", ".", "..", "", "x/y"} {
			if got, want := Child(p, n), path.Join(p, n); got != want {
				t.Errorf("Child(%q, %q) = %q, want %q", p, n, got, want)
			}
			if got, want := DirOf(p).Child(n), path.Join(p, n); got != want {
				t.Errorf("DirOf(%q).Child(%q) = %q, want %q", p, n, got, want)
			}
		}
	}
}

func FuzzIsClean(f *testing.F) {
	for _, p := range []string{"/", "/a/b", "/a/../b", "/a/./", "//"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		want := strings.HasPrefix(p, "/") && path.Clean(p) == p
		if got := IsClean(p); got != want {
			t.Errorf("IsClean(%q) = %v, want %v", p, got, want)
		}
	})
}
