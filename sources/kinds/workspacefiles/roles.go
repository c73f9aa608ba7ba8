package workspacefiles

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/sources"
)

var (
	_ sources.ContextFileLister = Result{}
	_ sources.WalkReporter      = Result{}
)

// Walk reports the directories and names of the paths the load consulted
// (the workspace dir and the spec's file names).
func (r Result) Walk() sources.Walk {
	var w sources.Walk
	for _, p := range r.Consulted {
		d, n := path.Dir(p), path.Base(p)
		if !slices.Contains(w.Dirs, d) {
			w.Dirs = append(w.Dirs, d)
		}
		if !slices.Contains(w.Names, n) {
			w.Names = append(w.Names, n)
		}
	}
	return w
}

// ContextFiles lists the loaded files in prompt order with their size on
// disk; a truncated file says what the policy kept.
func (r Result) ContextFiles() []sources.ContextFile {
	out := make([]sources.ContextFile, 0, len(r.Files))
	for i, f := range r.Files {
		size := len(f.Content)
		if i < len(r.Origins) && r.Origins[i].Path == f.Path {
			size = r.Origins[i].Bytes
		}
		cf := sources.ContextFile{Path: f.Path, Name: f.Name, Content: f.Content, Bytes: size, Truncated: f.Truncated}
		if f.Truncated {
			cf.Detail = f.truncation(size)
		}
		out = append(out, cf)
	}
	return out
}

// truncation says what the truncation policy kept of f (size bytes on
// disk), with the limits that applied.
func (f File) truncation(size int) string {
	plain := fmt.Sprintf("%d bytes on disk, %d in the prompt", size, len(f.Content))
	t := f.limit
	if t == nil || !strings.HasPrefix(f.Content, t.Notice) {
		return plain
	}
	kept := f.Content[len(t.Notice):]
	lines := 0
	if kept != "" {
		lines = strings.Count(kept, "\n") + 1
	}
	var limits []string
	if t.MaxLines > 0 {
		limits = append(limits, fmt.Sprintf("%d lines", t.MaxLines))
	}
	if t.MaxBytes > 0 {
		over := t.OverBytes
		if over == "" {
			over = DropOldest
		}
		limits = append(limits, fmt.Sprintf("%d bytes (%s beyond)", t.MaxBytes, over))
	}
	s := fmt.Sprintf("the prompt keeps the last %d lines (%d bytes) of %d bytes on disk", lines, len(kept), size)
	if t.Notice != "" {
		s += fmt.Sprintf(", after the notice (%d bytes)", len(t.Notice))
	}
	return s + "; limits: " + strings.Join(limits, ", ")
}
