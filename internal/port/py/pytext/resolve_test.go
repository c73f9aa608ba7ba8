package pytext

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/sources"
)

// TestResolve: the path the OS opens for a name, as Python in cwd would;
// ".." after a link is resolved physically.
func TestResolve(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "real", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "real", "sub"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	fsys := os.DirFS("/").(sources.FS)
	for _, c := range []struct {
		cwd, name, want string
		ok              bool
	}{
		{root, root + "/real/sub", root + "/real/sub", true},
		{root, "real/sub", root + "/real/sub", true},
		{root, "./real//sub/", root + "/real/sub", true},
		{root, "link/..", root + "/real", true},
		{root, root + "/link/../sub", root + "/real/sub", true},
		{root, "missing/../x", "", false},
		{root, "..x/y", root + "/..x/y", true},
		{"/", "a/b", "/a/b", true},
	} {
		got, ok := Resolve(fsys, c.cwd, c.name)
		if got != c.want || ok != c.ok {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q, %v", c.cwd, c.name, got, ok, c.want, c.ok)
		}
	}
}
