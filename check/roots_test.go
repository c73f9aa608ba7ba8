package check

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// TestRootsFS: the roots are read as they are, their ancestors list only
// the way to them, an empty home is empty, and a path outside that exists
// on this machine is absent and noted.
func TestRootsFS(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"repo/AGENTS.md", "AGENTS.md", "other/x"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := newRootsFS(osfs.Root(), []string{dir + "/repo"}, []string{virtualHome})
	if data, err := sources.ReadFile(r, dir+"/repo/AGENTS.md"); err != nil || string(data) != "repo/AGENTS.md" {
		t.Errorf("a root's file: %q, %v", data, err)
	}
	entries, err := r.ReadDir(sources.Name(dir))
	if err != nil || len(entries) != 1 || entries[0].Name() != "repo" || !entries[0].IsDir() {
		t.Errorf("an ancestor lists %v, %v; want only repo", entries, err)
	}
	if entries, err := r.ReadDir(sources.Name(virtualHome)); err != nil || len(entries) != 0 {
		t.Errorf("the empty home lists %v, %v", entries, err)
	}
	if entries, err := r.ReadDir("."); err != nil || len(entries) != 2 {
		t.Errorf("/ lists %v, %v; want the ways to the repo and the home", entries, err)
	}
	for _, p := range []string{dir + "/AGENTS.md", dir + "/other/x", dir + "/nothing-here", virtualHome + "/.pi"} {
		if _, err := sources.Stat(r, p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %v, want not found", p, err)
		}
	}
	if got, want := r.Outside(), []string{dir + "/AGENTS.md", dir + "/other/x"}; !slices.Equal(got, want) {
		t.Errorf("outside %q, want %q", got, want)
	}
}
