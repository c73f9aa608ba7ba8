package casetest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// watched is a directory that holds a case root (case) and, beside it,
// files a hostile case aims at (outside: a file f, mode 0644, and a
// directory d). Everything in it but the case root is snapshotted, so a
// test sees any write, link or chmod that escaped the case.
type watched struct {
	parent, root, outside string
	before                string
}

func newWatched(t testing.TB) *watched {
	t.Helper()
	parent, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := &watched{parent: parent, root: filepath.Join(parent, "case"), outside: filepath.Join(parent, "outside")}
	for _, d := range []string{w.root, filepath.Join(w.outside, "d")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(w.outside, "f"), []byte("outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.before = w.snapshot(t)
	return w
}

// snapshot lists the parent and every entry below it except the case
// root (which the case may chmod, and which removeTree removes): each
// entry's path, type, permission bits and content or link target.
func (w *watched) snapshot(t testing.TB) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(w.parent, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == w.root {
			return filepath.SkipDir
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		line := fmt.Sprintf("%s %v", p, fi.Mode())
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			line += " -> " + target
		case fi.Mode().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			line += fmt.Sprintf(" %q", data)
		}
		lines = append(lines, line)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// check fails t when anything outside the case root changed.
func (w *watched) check(t testing.TB) {
	t.Helper()
	if after := w.snapshot(t); after != w.before {
		t.Fatalf("the case changed files outside $WORK:\nbefore:\n%s\nafter:\n%s", w.before, after)
	}
}

// write makes name a file holding data with exactly perm.
func write(t *testing.T, name, data string, perm os.FileMode) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, perm); err != nil {
		t.Fatal(err)
	}
}
