package casetest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/promptc/promptc/sources"
)

// newTestSandbox materializes files (name -> content; a content starting
// with "-> " is a symlink, a name ending in / a directory) in a fresh
// root.
func newTestSandbox(t *testing.T, files map[string]string) (*sandbox, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasSuffix(name, "/"):
			err = os.MkdirAll(p, 0o755)
		case strings.HasPrefix(content, "-> "):
			err = os.Symlink(strings.ReplaceAll(content[3:], "$ROOT", root), p)
		default:
			err = os.WriteFile(p, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { _ = removeTree(root) })
	return newSandbox(root), root
}

func TestSandbox(t *testing.T) {
	sb, root := newTestSandbox(t, map[string]string{
		"a.md":          "A",
		"d/b.md":        "B",
		"link":          "-> d/b.md",
		"abs":           "-> $ROOT/a.md",
		"out":           "-> /etc/passwd",
		"up":            "-> ../../../../../../../../etc",
		"loop":          "-> loop",
		"dirlink":       "-> d",
		"locked/x.md":   "X",
		"unreadable.md": "U",
		"unlistable/":   "",
	})
	if err := os.Chmod(filepath.Join(root, "unlistable"), 0o300); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "locked"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "unreadable.md"), 0o200); err != nil {
		t.Fatal(err)
	}
	name := func(rel string) string { return strings.TrimPrefix(root, "/") + "/" + rel }
	read := []struct {
		rel, want string
		err       error
	}{
		{"a.md", "A", nil},
		{"link", "B", nil},
		{"abs", "A", nil},
		{"dirlink/b.md", "B", nil},
		{"out", "", syscall.ENOENT},
		{"up/passwd", "", syscall.ENOENT},
		{"loop", "", syscall.ELOOP},
		{"locked/x.md", "", syscall.EACCES},
		{"unreadable.md", "", syscall.EACCES},
		{"a.md/x", "", syscall.ENOTDIR},
		{"d", "", syscall.EISDIR},
	}
	for _, r := range read {
		data, err := sb.ReadFile(name(r.rel))
		if string(data) != r.want || !errors.Is(err, r.err) || (err == nil) != (r.err == nil) {
			t.Errorf("ReadFile(%s) = %q, %v; want %q, %v", r.rel, data, err, r.want, r.err)
		}
	}
	// Outside the root nothing exists; above it, only the way to it.
	for _, n := range []string{"etc/passwd", "usr", strings.TrimPrefix(filepath.Dir(root), "/") + "/other"} {
		if _, err := sb.Stat(n); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Stat(%s) = %v; want not exist", n, err)
		}
	}
	entries, err := sb.ReadDir(".")
	if err != nil || len(entries) != 1 || !entries[0].IsDir() || "/"+entries[0].Name() != "/"+strings.Split(strings.TrimPrefix(root, "/"), "/")[0] {
		t.Errorf("ReadDir(/) = %v, %v; want only the first component of the root", entries, err)
	}
	if fi, err := sb.Lstat(name("link")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("Lstat(link) = %v, %v", fi, err)
	}
	if target, err := sb.ReadLink(name("link")); err != nil || target != "d/b.md" {
		t.Errorf("ReadLink(link) = %q, %v", target, err)
	}
	if _, err := sb.ReadLink(name("a.md")); !errors.Is(err, syscall.EINVAL) {
		t.Errorf("ReadLink(a.md) = %v; want EINVAL", err)
	}
	if _, err := sb.ReadDir(name("unlistable")); !errors.Is(err, syscall.EACCES) {
		t.Errorf("ReadDir(unlistable) = %v; want EACCES", err)
	}
	if es, err := sb.ReadDir(name("locked")); err != nil || len(es) != 1 {
		t.Errorf("ReadDir(locked) = %v, %v; want its one entry (listing needs read, not search)", es, err)
	}
	if _, err := sb.Lstat(name("locked/x.md")); !errors.Is(err, syscall.EACCES) {
		t.Errorf("Lstat(locked/x.md) = %v; want EACCES (no search permission)", err)
	}
	f, err := sb.Open(".")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if rd, ok := f.(fs.ReadDirFile); !ok {
		t.Errorf("Open(.) is not a directory")
	} else if es, err := rd.ReadDir(-1); err != nil || len(es) != 1 {
		t.Errorf("Open(.).ReadDir = %v, %v", es, err)
	}
	real, err := sources.Realpath(sb, root+"/dirlink/b.md")
	if err != nil || real != root+"/d/b.md" {
		t.Errorf("Realpath(dirlink/b.md) = %q, %v", real, err)
	}
}
