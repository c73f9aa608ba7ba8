package codexdocs

import (
	"fmt"

	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Exclusion reasons recorded in Output.Excluded.
const (
	// ReasonShadowed: a lower-priority name in a search dir that already
	// has its file (CX-6); Detail names the winner.
	ReasonShadowed = "shadowed by a higher-priority name"
	// ReasonNotFile: a candidate name that exists but is not a regular
	// file after following symlinks (CX-5, CX-6).
	ReasonNotFile = "not a regular file"
	// ReasonBlank: the (cut) text is empty once trimmed (CX-5, CX-7).
	ReasonBlank = "blank"
	// ReasonOverCap: the budget was spent before this file (CX-8); it is
	// not read at all.
	ReasonOverCap = "over the project_doc_max_bytes cap"
	// ReasonUnreadable: the file could not be read; Detail holds the error.
	ReasonUnreadable = "unreadable"
)

// Doc is one project doc in the body.
type Doc struct {
	// Path is join(search dir, name): a symlinked file keeps the link path.
	Path string `json:"path"`
	// Text is the decoded bytes that were read, raw (CX-7, CX-9).
	Text string `json:"text"`
	// Bytes is how many bytes were read (what the cap counts).
	Bytes int `json:"bytes"`
	// Size is the file's size; Bytes < Size when the cap cut it.
	Size int `json:"size"`
}

// Result is what Load found.
type Result struct {
	// Global is the trimmed global text; "" when there is none (CX-5).
	Global string `json:"global"`
	// GlobalPath is the global file's path, "" when there is none.
	GlobalPath string `json:"global_path"`
	// Docs are the kept project docs, outermost first (CX-7).
	Docs []Doc `json:"docs"`
	// ProjectRoot is the directory where a root marker was found, ""
	// without one (CX-4).
	ProjectRoot string `json:"project_root"`
	// SearchDirs are the directories looked at, outermost first.
	SearchDirs []string `json:"search_dirs"`
	// Names are the names each search dir tries, in order.
	Names []string `json:"names"`
	// MaxBytes is the cap the docs were read under (CX-8).
	MaxBytes int `json:"max_bytes"`

	globalBytes int // the global file's size on disk
	origins     []prov.Origin
	excluded    []prov.Exclusion
}

var (
	_ sources.ContextFileLister = Result{}
	_ sources.WalkReporter      = Result{}
)

// ContextFiles lists the global file, then the project docs, as read; a
// doc the cap cut is Truncated, which `promptc explain` reports as a
// why-not entry.
func (r Result) ContextFiles() []sources.ContextFile {
	var out []sources.ContextFile
	if r.GlobalPath != "" {
		out = append(out, sources.ContextFile{Path: r.GlobalPath, Content: r.Global, Bytes: r.globalBytes})
	}
	for _, d := range r.Docs {
		f := sources.ContextFile{Path: d.Path, Content: d.Text, Bytes: d.Size}
		if d.Bytes < d.Size {
			f.Truncated, f.Detail = true, fmt.Sprintf("cut at project_doc_max_bytes = %d: %s", r.MaxBytes, cutDetail(d.Bytes, d.Size))
		}
		out = append(out, f)
	}
	return out
}

// Walk reports the directories searched and the names tried in each.
func (r Result) Walk() sources.Walk {
	return sources.Walk{Dirs: append([]string(nil), r.SearchDirs...), Names: append([]string(nil), r.Names...)}
}

// cutDetail says how much of a file the cap kept.
func cutDetail(kept, size int) string {
	return fmt.Sprintf("%d of %d bytes kept", kept, size)
}
