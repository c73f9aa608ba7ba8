package fscache

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/promptc/promptc/sources/osfs"
)

// TestValidManyPaths: facts about enough paths to be checked on several
// goroutines hold until one of them changes, wherever it is, and a
// change to any one of them (an edit, a removal, a file where there was
// none) is seen.
func TestValidManyPaths(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const n = 8 * validPerWorker
	files := make([]string, n)
	for i := range files {
		files[i] = filepath.Join(root, fmt.Sprintf("f%04d", i))
		if err := os.WriteFile(files[i], []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	missing := filepath.Join(root, "missing")
	later := func() time.Time { return time.Now().Add(time.Hour) } // nothing is racy
	track := func() (*Cache, *Deps) {
		c := New(osfs.Root())
		c.SetClock(later)
		c.BeginBuild()
		tr := c.Track()
		for _, f := range files {
			if _, err := tr.ReadParsed(f[1:], "k", func(b []byte) (any, error) { return len(b), nil }); err != nil {
				t.Fatal(err)
			}
		}
		tr.Stat(missing[1:])
		return c, tr.Deps()
	}
	for _, change := range []struct {
		name string
		do   func() error
		undo func() error
	}{
		{"the first file edited", func() error { return os.WriteFile(files[0], []byte("yy"), 0o644) }, func() error { return os.WriteFile(files[0], []byte("x"), 0o644) }},
		{"a middle file removed", func() error { return os.Remove(files[n/2]) }, func() error { return os.WriteFile(files[n/2], []byte("x"), 0o644) }},
		{"the last file edited", func() error { return os.WriteFile(files[n-1], []byte("zzz"), 0o644) }, func() error { return os.WriteFile(files[n-1], []byte("x"), 0o644) }},
		{"a missing path created", func() error { return os.WriteFile(missing, nil, 0o644) }, func() error { return os.Remove(missing) }},
	} {
		c, d := track()
		c.BeginBuild()
		if !c.Valid(d) {
			t.Fatalf("%s: the facts do not hold before the change", change.name)
		}
		if err := change.do(); err != nil {
			t.Fatal(err)
		}
		c.BeginBuild()
		if c.Valid(d) {
			t.Errorf("%s: the facts still hold", change.name)
		}
		if err := change.undo(); err != nil {
			t.Fatal(err)
		}
	}
}
