package serve

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

func TestRootsFS(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	in, out := filepath.Join(root, "in"), filepath.Join(root, "out")
	for _, d := range []string{in, out} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(in, "ok.md"), "inside")
	write(filepath.Join(out, "secret"), "outside")
	write(filepath.Join(root, "config.yaml"), "layer")
	if err := os.Symlink(filepath.Join(out, "secret"), filepath.Join(in, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, filepath.Join(in, "dirlink")); err != nil {
		t.Fatal(err)
	}
	r, err := NewRoots([]string{in}, []string{filepath.Join(root, "config.yaml")})
	if err != nil {
		t.Fatal(err)
	}
	var refused []string
	fsys := r.FS(osfs.Root(), func(p string) { refused = append(refused, p) })
	name := func(p string) string { return sources.Name(filepath.ToSlash(p)) }

	for _, tc := range []struct {
		path string
		want string // "" = refused
	}{
		{filepath.Join(in, "ok.md"), "inside"},
		{filepath.Join(root, "config.yaml"), "layer"}, // an allowed single file
		{filepath.Join(out, "secret"), ""},
		{filepath.Join(in, "link"), ""},              // a link inside that leads out
		{filepath.Join(in, "dirlink", "secret"), ""}, // through a directory link
		{filepath.Join(in, "..", "out", "secret"), ""},
	} {
		b, err := fsys.ReadFile(name(tc.path))
		switch {
		case tc.want == "" && (err == nil || !errors.Is(err, ErrOutsideRoots) || !errors.Is(err, fs.ErrPermission)):
			t.Errorf("ReadFile(%s) = %q, %v; want refused", tc.path, b, err)
		case tc.want != "" && (err != nil || string(b) != tc.want):
			t.Errorf("ReadFile(%s) = %q, %v; want %q", tc.path, b, err, tc.want)
		}
	}
	if _, err := fsys.ReadDir(name(out)); !errors.Is(err, ErrOutsideRoots) {
		t.Errorf("ReadDir outside: %v", err)
	}
	if _, err := fsys.ReadLink(name(filepath.Join(in, "link"))); err != nil {
		t.Errorf("ReadLink of a link inside: %v", err)
	}
	if _, err := fsys.Stat(name(filepath.Join(out, "secret"))); err != nil {
		t.Errorf("Stat outside is not refused: %v", err)
	}
	if len(refused) != 5 {
		t.Errorf("refused = %q, want the 4 reads and the listing", refused)
	}
	if !(&Roots{}).Open() || r.Open() {
		t.Error("Open: want true for no roots only")
	}
}

func TestNewRootsRejectsAFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewRoots([]string{f}, nil); err == nil {
		t.Error("a file as a root: no error")
	}
	if _, err := NewRoots([]string{f + "-missing"}, nil); err == nil {
		t.Error("a missing root: no error")
	}
}
