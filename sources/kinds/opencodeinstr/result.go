package opencodeinstr

import (
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Exclusion reasons recorded in Output.Excluded.
const (
	ReasonShadowed  = "shadowed"
	ReasonEmpty     = "empty or not a readable file"
	ReasonDuplicate = "already listed"
	ReasonURL       = "URL (promptc does not fetch; opencode adds nothing when it cannot)"
)

// Item is one "Instructions from:" item.
type Item struct {
	// Path is absolute; a symlink keeps the link path (OC-12).
	Path string `json:"path"`
	// Content is the raw text, leading BOM removed (OC-10).
	Content string `json:"content"`
	bytes   int
}

// Result is what Load found.
type Result struct {
	// Items are in prompt order (OC-9).
	Items []Item `json:"items"`
	// Root is the worktree root ("/" without git); Dirs the walk from the
	// cwd up to it (OC-5).
	Root string   `json:"root"`
	Dirs []string `json:"dirs"`
	// Name is the project file name that won (OC-4), "" if none.
	Name string `json:"name"`

	names    []string
	origins  []prov.Origin
	excluded []prov.Exclusion
}

var (
	_ sources.ContextFileLister = Result{}
	_ sources.WalkReporter      = Result{}
)

// ContextFiles lists the items in prompt order.
func (r Result) ContextFiles() []sources.ContextFile {
	out := make([]sources.ContextFile, 0, len(r.Items))
	for _, it := range r.Items {
		out = append(out, sources.ContextFile{Path: it.Path, Content: it.Content, Bytes: it.bytes})
	}
	return out
}

// Walk reports the walked directories and the names tried.
func (r Result) Walk() sources.Walk {
	return sources.Walk{Dirs: append([]string(nil), r.Dirs...), Names: append([]string(nil), r.names...)}
}
