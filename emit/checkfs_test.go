package emit

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/atomicfile"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources/osfs"
)

// TestCheckFSResolvesAsTheOS: checkFS's EvalSymlinks, Lstat and ReadFile
// answer as the real file system does (plain paths, a link inside the
// root, a link out, a dangling link, a missing path, a file as a
// directory), and a file the plan reads is the snapshot's bytes.
func TestCheckFSResolvesAsTheOS(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	out := t.TempDir()
	for _, d := range []string{"a/b", "real"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "a/b/AGENTS.md"), []byte("rule\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"in": "real", "out": out, "dangling": "nowhere"} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	snap := fscache.Snapshot(osfs.Root())
	c := newCheckFS(OSWriteFS(), osfs.Root(), snap)
	if c.snap == nil {
		t.Fatal("the real file system on both sides shares the snapshot")
	}
	for _, rel := range []string{"", "a", "a/b", "a/b/AGENTS.md", "in", "in/x", "out", "dangling", "missing", "missing/x", "a/b/AGENTS.md/x"} {
		p := filepath.Join(root, rel)
		for range 2 { // memoized: the second answer is the first
			want, werr := filepath.EvalSymlinks(p)
			got, gerr := c.EvalSymlinks(p)
			if got != want || (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Errorf("EvalSymlinks(%s) = %q, %v; the OS says %q, %v", rel, got, gerr, want, werr)
			}
			_, werr = os.Lstat(p)
			if _, gerr = c.Lstat(p); (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Errorf("Lstat(%s): %v; the OS says %v", rel, gerr, werr)
			}
			wb, werr := os.ReadFile(p)
			gb, gerr := c.ReadFile(p)
			if string(gb) != string(wb) || (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Errorf("ReadFile(%s) = %q, %v; the OS says %q, %v", rel, gb, gerr, wb, werr)
			}
		}
	}
	if n := snap.Reads(); n != 1 {
		t.Errorf("the snapshot read %d files, want 1: the plan's reads are the snapshot's", n)
	}
	if err := c.MkdirAll(filepath.Join(root, "new"), 0o755); !errors.Is(err, errReadOnly) {
		t.Errorf("a check wrote: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "new")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a check made a directory")
	}
	// Another WriteFS (a test's) plans through its own answers.
	if newCheckFS(fullDisk{osWriteFS: osWriteFS{atomicfile.OS()}}, osfs.Root(), snap).snap != nil {
		t.Error("an injected WriteFS shares the real file system's snapshot")
	}
}

// TestGramFilterNeverMisses: mayHold is true for every substring of the
// text (the filter only skips searches that would fail), and false for
// most strings that are not in it.
func TestGramFilterNeverMisses(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcdefgh /.\n"[r.IntN(12)]
		}
		return string(b)
	}
	for range 200 {
		text := word(r.IntN(3000))
		var f gramFilter
		f.add(text)
		for range 50 {
			if len(text) == 0 {
				break
			}
			i := r.IntN(len(text))
			j := i + r.IntN(min(len(text)-i, 80)+1)
			if !f.mayHold(text[i:j]) {
				t.Fatalf("mayHold(%q) = false for a substring of the text", text[i:j])
			}
		}
	}
	var f gramFilter
	f.add("Use tabs.\n\nNever commit secrets.\n")
	rejected := 0
	for n := range 100 {
		s := "Rule " + strings.Repeat("x", n%5) + string(rune('0'+n%10)) + " for p1/m2/d3."
		if !f.mayHold(s) {
			rejected++
		}
	}
	if rejected < 95 {
		t.Errorf("only %d of 100 absent rules filtered out", rejected)
	}
}

// plainWriteFS is the real file system as a WriteFS that is not
// OSWriteFS: a check plans through it without the pipelines' snapshot.
type plainWriteFS struct{ WriteFS }

// TestCheckSameWithSharedSnapshot: a check whose plan reads through the
// pipelines' snapshot reports exactly what one that reads on its own
// does, over a tree with a stale file, a missing one, a hand-written
// file, an override and a directory reached through a link.
func TestCheckSameWithSharedSnapshot(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	for _, d := range []string{".git", "api/v1", "web", "real"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	src := Source{Targets: []string{"agents-md", "claude", "gemini", "copilot", "cursor"}, Rules: []Rule{
		{ID: "style", Text: "Use tabs.\n"},
		{ID: "api", Text: "Handlers return JSON errors.\n", AppliesTo: []string{"api/**"}},
		{ID: "web", Text: "Components are small.\n", AppliesTo: []string{"web/**"}},
	}}
	opts := Options{Root: root, Scope: ScopeProject}
	res, err := Plan(context.Background(), src, opts)
	if err != nil {
		t.Fatal(err)
	}
	if errs := Apply(context.Background(), res, opts); len(errs) > 0 {
		t.Fatal(errs)
	}
	for name, text := range map[string]string{"api/AGENTS.override.md": "Override.\n", "web/CLAUDE.md": "Components are small.\n", "AGENTS.md": "Stale.\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(root, "web", "GEMINI.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "real"), filepath.Join(root, "api", "v2")); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, ".home")
	h := homeHost(home, nil)
	var reports [2]string
	for i, w := range []WriteFS{nil, plainWriteFS{OSWriteFS()}} {
		opts.FS = w
		rep, err := Check(context.Background(), src, opts, h, root)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.MarshalIndent(rep, "", " ")
		reports[i] = string(b)
	}
	if reports[0] != reports[1] {
		t.Errorf("shared snapshot:\n%s\nown reads:\n%s", reports[0], reports[1])
	}
	for _, want := range []string{`"stale"`, `"missing"`, `"skips"`} {
		if !strings.Contains(reports[0], want) {
			t.Errorf("the report has no %s: the case does not cover it", want)
		}
	}
}
