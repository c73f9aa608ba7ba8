package fscache

import (
	"context"
	"hash/maphash"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

func TestCacheServesUnchangedFiles(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "f.md")
	old := time.Now().Add(-time.Hour)
	write := func(s string, mtime time.Time) {
		t.Helper()
		if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	c := New(os.DirFS("/").(sources.FS))
	parses := 0
	parse := func(b []byte) (any, error) { parses++; return string(b) + "!", nil }
	read := func() string {
		t.Helper()
		b, err := sources.ReadFile(c, file)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	write("aaa", old)
	if got := read(); got != "aaa" || c.Reads() != 1 {
		t.Fatalf("first read %q, reads %d", got, c.Reads())
	}
	// Nothing changed: the cache serves what it has without reading.
	if got := read(); got != "aaa" || c.Reads() != 1 {
		t.Fatalf("unchanged: got %q, reads %d", got, c.Reads())
	}
	// Same size, same mtime restored, same inode: the change time still
	// moved, so the edit is seen (as git's index sees it).
	write("bbb", old)
	if got := read(); got != "bbb" || c.Reads() != 2 {
		t.Fatalf("edit with the mtime restored: got %q, reads %d", got, c.Reads())
	}
	if got := read(); got != "bbb" || c.Reads() != 2 {
		t.Fatalf("unchanged after the edit: got %q, reads %d", got, c.Reads())
	}
	for i := 0; i < 2; i++ {
		v, err := sources.ReadParsed(c, file, "bang", parse)
		if err != nil || v != "bbb!" {
			t.Fatalf("parsed %v %v", v, err)
		}
	}
	if parses != 1 {
		t.Errorf("parsed %d times, want once", parses)
	}
	// chmod changes the mode, part of the identity: read again.
	n := c.Reads()
	if err := os.Chmod(file, 0o600); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "bbb" || c.Reads() != n+1 {
		t.Fatalf("after chmod: got %q, reads %d, want %d", got, c.Reads(), n+1)
	}
	// A file changed just now is racy: it is read again every time until
	// its mtime is clearly in the past.
	write("cc", time.Now())
	read()
	n = c.Reads()
	if got := read(); got != "cc" || c.Reads() != n+1 {
		t.Errorf("racy file: got %q, reads %d, want %d", got, c.Reads(), n+1)
	}
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if _, err := sources.ReadFile(c, file); err == nil {
		t.Error("deleted file still served")
	}
}

func TestCacheReadDir(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.WriteFile(filepath.Join(root, "a"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(root, old, old); err != nil {
		t.Fatal(err)
	}
	c := New(os.DirFS("/").(sources.FS))
	for i := 0; i < 3; i++ {
		es, err := sources.ReadDir(c, root)
		if err != nil || len(es) != 1 {
			t.Fatalf("entries %v %v", es, err)
		}
	}
	if c.Reads() != 1 {
		t.Errorf("reads %d, want 1", c.Reads())
	}
	if err := os.WriteFile(filepath.Join(root, "b"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if es, _ := sources.ReadDir(c, root); len(es) != 2 {
		t.Errorf("new entry not seen: %v", es)
	}
}

// TestMemoText: a text is parsed once per kind, an equal text of another
// kind or another text of the same length is parsed anew, and a text
// whose length and hash another text took is compared, not trusted.
func TestMemoText(t *testing.T) {
	c := New(osfs.Root())
	parses := 0
	parse := func(s string) (any, error) { parses++; return "<" + s + ">", nil }
	for _, step := range []struct {
		kind, text, want string
		parses           int
	}{
		{"a", "abc", "<abc>", 1},
		{"a", "abc", "<abc>", 1},
		{"b", "abc", "<abc>", 2},
		{"a", "abd", "<abd>", 3},
		{"a", "abc", "<abc>", 3},
	} {
		v, err := c.MemoText(step.kind, step.text, parse)
		if err != nil || v != step.want || parses != step.parses {
			t.Fatalf("MemoText(%q, %q) = %v, %v after %d parses; want %q after %d", step.kind, step.text, v, err, parses, step.want, step.parses)
		}
	}
	// Another text under "abc"'s key, as a hash collision would put it.
	key := memoKey{"a", 3, maphash.String(c.seed, "abc")}
	c.memo[key] = memoValue{text: "xyz", value: "<xyz>"}
	if v, _ := c.MemoText("a", "abc", parse); v != "<abc>" || parses != 4 {
		t.Fatalf("a colliding entry served %v (%d parses)", v, parses)
	}
}

// TestMemoTextsParsesAhead: texts parsed ahead on several goroutines
// (sources.MemoTexts) are parsed once each, and the MemoText calls that
// follow find them.
func TestMemoTextsParsesAhead(t *testing.T) {
	old := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(old)
	c := New(osfs.Root())
	var parses atomic.Int64
	parse := func(s string) (any, error) { parses.Add(1); return len(s), nil }
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = strings.Repeat("x", i)
	}
	sources.MemoTexts(context.Background(), c, "k", texts, parse)
	if parses.Load() != 64 {
		t.Fatalf("parsed %d of 64 ahead", parses.Load())
	}
	for i, text := range texts {
		if v, err := c.MemoText("k", text, parse); err != nil || v != i {
			t.Fatalf("MemoText(%d) = %v, %v", i, v, err)
		}
	}
	if parses.Load() != 64 {
		t.Errorf("the calls in order parsed %d more", parses.Load()-64)
	}
}

// TestRacyFileHoldsWithinABuild: a file changed just now is read once in
// a build (a Snapshot is one for good), which sees one moment of each
// path, and read again in the next build, where its racy identity proves
// nothing.
func TestRacyFileHoldsWithinABuild(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "f.md")
	if err := os.WriteFile(file, []byte("now"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		c    *Cache
	}{{"snapshot", Snapshot(osfs.Root())}, {"build", New(osfs.Root())}} {
		c := tc.c
		if !c.IsSnapshot() {
			c.BeginBuild()
		}
		for i := range 3 {
			if b, err := sources.ReadFile(c, file); err != nil || string(b) != "now" || c.Reads() != 1 {
				t.Fatalf("%s: read %d: %q %v, reads %d, want 1", tc.name, i, b, err, c.Reads())
			}
		}
		if c.IsSnapshot() {
			continue
		}
		c.BeginBuild()
		if _, err := sources.ReadFile(c, file); err != nil || c.Reads() != 2 {
			t.Errorf("%s: next build: reads %d (%v), want 2: a racy file is read again", tc.name, c.Reads(), err)
		}
	}
}
