package pytext

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/sources"
)

// TestRealpath: os.path.realpath as CPython 3.11 printed it in a tree
// with a link, a relative link, a loop and a broken link (the expected
// values were recorded with python3 in the same layout).
func TestRealpath(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Base(root)
	if err := os.MkdirAll(filepath.Join(root, "real", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"link": "real/sub", "loop1": "loop2", "loop2": "loop1",
		"broken": "/nonexistent/x", "rel": "../" + base + "/real",
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	fsys := os.DirFS("/").(sources.FS)
	for _, c := range []struct{ name, want string }{
		{"real/sub", root + "/real/sub"},
		{"link", root + "/real/sub"},
		{"link/..", root + "/real"},
		{"link/../..", root},
		{"missing/../x", root + "/x"},
		{"loop1/a", root + "/loop1/a"},
		{"broken/y", "/nonexistent/x/y"},
		{"rel/sub/../sub", root + "/real/sub"},
		{"", root},
		{".", root},
		{"..", filepath.Dir(root)},
		{"//x", "/x"},
		{"///x", "/x"},
		{"link/missing/..", root + "/real/sub"},
		{root + "/./link//", root + "/real/sub"},
		{"~", root + "/~"},
	} {
		if got := Realpath(fsys, root, c.name); got != c.want {
			t.Errorf("Realpath(%q) = %q; want %q", c.name, got, c.want)
		}
	}
}

// TestExpandUser: os.path.expanduser with HOME set (and, departing from
// Python, "~user" and an unset HOME left alone).
func TestExpandUser(t *testing.T) {
	for _, c := range []struct{ p, home, want string }{
		{"~", "/root", "/root"},
		{"~/a", "/root", "/root/a"},
		{"~x/a", "/root", "~x/a"},
		{"~", "/", "/"},
		{"~/a", "/", "/a"},
		{"~", "/h//", "/h"},
		{"~//a", "/h//", "/h//a"},
		{"a/~", "/h", "a/~"},
		{"~/a", "", "~/a"},
	} {
		if got := ExpandUser(c.p, c.home); got != c.want {
			t.Errorf("ExpandUser(%q, %q) = %q; want %q", c.p, c.home, got, c.want)
		}
	}
}
