package emit

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/promptc/promptc/internal/atomicfile"
)

// fullDisk is the real file system whose temporary files fail with
// ENOSPC after limit bytes: a full disk, simulated.
type fullDisk struct {
	osWriteFS
	limit int
}

type fullFile struct {
	*os.File
	left int
}

func (f *fullFile) Write(p []byte) (int, error) {
	if len(p) > f.left {
		n, _ := f.File.Write(p[:f.left])
		f.left = 0
		return n, &fs.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	f.left -= len(p)
	return f.File.Write(p)
}

func (d fullDisk) OpenFile(name string, flag int, perm fs.FileMode) (TempFile, error) {
	f, err := os.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return &fullFile{File: f, left: d.limit}, nil
}

// TestFullDiskLeavesNoPartialFile: a write that runs out of space fails
// with ENOSPC, the old file is as it was and no temporary file is left.
func TestFullDiskLeavesNoPartialFile(t *testing.T) {
	root := t.TempDir()
	old := "# Hand-written\n"
	if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	src := Source{Targets: []string{"agents-md"}, Rules: []Rule{{ID: "big", Text: strings.Repeat("Use tabs.\n", 1000)}}}
	opts := Options{Root: root, Scope: ScopeProject, FS: fullDisk{osWriteFS: osWriteFS{atomicfile.OS()}, limit: 100}}
	res, err := Plan(context.Background(), src, opts)
	if err != nil {
		t.Fatal(err)
	}
	errs := Apply(context.Background(), res, opts)
	if len(errs) != 1 || !errors.Is(errs[0], syscall.ENOSPC) {
		t.Fatalf("Apply errors = %v, want one ENOSPC", errs)
	}
	got, err := os.ReadFile(filepath.Join(root, "AGENTS.md"))
	if err != nil || string(got) != old {
		t.Errorf("AGENTS.md = %q, %v; want the old text", got, err)
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if e.Name() != "AGENTS.md" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	// With room, the same plan writes, and a second plan changes nothing.
	opts.FS = nil
	res, _ = Plan(context.Background(), src, opts)
	if errs := Apply(context.Background(), res, opts); len(errs) > 0 {
		t.Fatal(errs)
	}
	res, _ = Plan(context.Background(), src, opts)
	if res.Changed() {
		t.Errorf("second run changes %+v", res.Changes)
	}
}

// TestMergeKeepsOutsideText: text before and after the block survives an
// update byte for byte, and an edited block is a conflict.
func TestMergeKeepsOutsideText(t *testing.T) {
	f := File{Path: "AGENTS.md", Body: "Use tabs.\n"}
	cur := "before\r\n\n" + block(f) + "after, no newline"
	f2 := File{Path: "AGENTS.md", Body: "Use spaces.\n"}
	next, conflict := merge(f2, cur, true)
	if conflict != "" || next != "before\r\n\n"+block(f2)+"after, no newline" {
		t.Errorf("merge = %q, %q", next, conflict)
	}
	edited := strings.Replace(cur, "tabs", "TABS", 1)
	if _, conflict := merge(f2, edited, true); !strings.Contains(conflict, "edited by hand") {
		t.Errorf("edited block: conflict %q", conflict)
	}
	if _, conflict := merge(f2, strings.Replace(cur, endLine, "", 1), true); conflict == "" {
		t.Error("a begin marker without an end is no conflict")
	}
}
