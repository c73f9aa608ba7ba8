package engine

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// markerCounter counts the lookups of ".git", the project root's marker.
type markerCounter struct {
	sources.FS
	n atomic.Int32
}

func (m *markerCounter) Stat(name string) (fs.FileInfo, error) {
	if strings.HasSuffix(name, "/.git") {
		m.n.Add(1)
	}
	return m.FS.Stat(name)
}

func (m *markerCounter) Lstat(name string) (fs.FileInfo, error) {
	if strings.HasSuffix(name, "/.git") {
		m.n.Add(1)
	}
	return m.FS.Lstat(name)
}

// TestRootsLookedUpWhenUsed: a run looks the roots up (a walk up to the
// project's marker) when it keeps provenance or a source is confined; a
// run without provenance whose sources read anywhere evaluates their
// expressions only, with the same text, and the same error when one
// fails.
func TestRootsLookedUpWhenUsed(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	cwd := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	const pipeline = `
promptc: 1
name: r
params:
  cwd: {type: string}
roots: {project: %s, confine: %v}
sources:
  s: {kind: echo, args: {text: cwd}}
sections:
  a: {template: "{{ .s.Text }}"}
`
	tests := []struct {
		name          string
		project       string
		confine, lean bool
		lookups       bool
		err           string
	}{
		{name: "provenance kept", project: "cwd", lookups: true},
		{name: "a confined source", project: "cwd", confine: true, lean: true, lookups: true},
		{name: "no provenance, nothing confined", project: "cwd", lean: true},
		{name: "a failing root, no provenance", project: "'int(cwd) > 0 ? cwd : cwd'", lean: true, err: "p.yaml:6:18: invalid operation: int("},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plan, errs := compileYAML(t, strings.NewReplacer("%s", tc.project, "%v", map[bool]string{true: "true", false: "false"}[tc.confine]).Replace(pipeline), map[string]int{})
			if errs != "" {
				t.Fatal(errs)
			}
			fsys := &markerCounter{FS: osfs.Root()}
			res, err := plan.Run(context.Background(), Input{FS: fsys, Params: map[string]any{"cwd": cwd}, NoProvenance: tc.lean})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one at %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Text != cwd {
				t.Errorf("text %q, want %q", res.Text, cwd)
			}
			if got := fsys.n.Load() > 0; got != tc.lookups {
				t.Errorf("%d lookups of .git, want some: %v", fsys.n.Load(), tc.lookups)
			}
		})
	}
}
