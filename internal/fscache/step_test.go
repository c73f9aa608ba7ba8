package fscache

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// TestTrackerMemo: a step is reused while its options are equal and its
// facts hold, recomputed otherwise; either way its facts become the
// caller's, and the realpaths it resolved join the caller's Resolver.
func TestTrackerMemo(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "skills")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "a"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "a", "SKILL.md"), []byte("one"), 0o644))
	must(os.Symlink(filepath.Join(dir, "a"), filepath.Join(dir, "link")))

	c := New(os.DirFS("/").(sources.FS))
	// Files made just now are too recent to validate by stat (the racy
	// rule); the cache's clock runs an hour ahead so that they are not.
	c.SetClock(func() time.Time { return time.Now().Add(time.Hour) })
	runs := 0
	// list is a discovery-like step: a listing and a realpath, no content.
	list := func(fsys sources.FS) ([]string, error) {
		runs++
		entries, err := sources.ReadDir(fsys, dir)
		if err != nil {
			return nil, err
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if _, err := sources.NewResolver(fsys).Realpath(filepath.Join(dir, "link", "SKILL.md")); err != nil {
			return nil, err
		}
		return names, nil
	}
	step := func(opts string) (*Tracker, []string) {
		t.Helper()
		c.BeginBuild() // each step is a build of its own
		tr := c.Track()
		names, err := sources.Memo(tr, "test.list", opts, list)
		must(err)
		return tr, names
	}

	tr, names := step("x")
	if runs != 1 || !slices.Equal(names, []string{"a", "link"}) {
		t.Fatalf("first: runs %d, names %v", runs, names)
	}
	if tr.Deps().Len() == 0 || !slices.Contains(tr.Deps().Listed(), dir) {
		t.Fatalf("the caller did not take the step's facts: %d facts, listed %v", tr.Deps().Len(), tr.Deps().Listed())
	}
	if got := tr.SharedResolver().Learned()[filepath.Join(dir, "link")]; got != filepath.Join(dir, "a") {
		t.Fatalf("the caller's Resolver did not learn the link: %q", got)
	}

	// A content edit of a file the step only stat'ed keeps it.
	must(os.WriteFile(filepath.Join(dir, "a", "SKILL.md"), []byte("two, longer"), 0o644))
	tr, names = step("x")
	if runs != 1 || len(names) != 2 {
		t.Fatalf("after a content edit: runs %d, names %v", runs, names)
	}
	if !c.Valid(tr.Deps()) {
		t.Fatal("the reused step's facts do not hold")
	}
	// Other options: computed again.
	if _, _ = step("y"); runs != 2 {
		t.Fatalf("other options: runs %d", runs)
	}
	// A new entry in the listed directory: computed again, and the
	// caller's earlier facts no longer hold.
	must(os.MkdirAll(filepath.Join(dir, "b"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "b", "SKILL.md"), []byte("b"), 0o644))
	c.BeginBuild() // a later build
	if c.Valid(tr.Deps()) {
		t.Fatal("the caller's facts hold after its listing changed")
	}
	if _, names = step("y"); runs != 3 || !slices.Equal(names, []string{"a", "b", "link"}) {
		t.Fatalf("after a new entry: runs %d, names %v", runs, names)
	}
	// The link retargeted: computed again.
	must(os.Remove(filepath.Join(dir, "link")))
	must(os.Symlink(filepath.Join(dir, "b"), filepath.Join(dir, "link")))
	if _, _ = step("y"); runs != 4 {
		t.Fatalf("after the link moved: runs %d", runs)
	}
	// On a file system without steps, Memo computes every time.
	for i := 0; i < 2; i++ {
		if _, err := sources.Memo(osfs.Root(), "test.list", "y", list); err != nil {
			t.Fatal(err)
		}
	}
	if runs != 6 {
		t.Fatalf("without a Memoizer: runs %d, want 6", runs)
	}
}
