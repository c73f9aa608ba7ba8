package geminimemory

import (
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Exclusion reasons recorded in Output.Excluded.
const (
	ReasonNotFile   = "not a regular file"
	ReasonBlank     = "blank"
	ReasonDuplicate = "same file as one already loaded"
	ReasonUntrusted = "untrusted folder"
)

// Entry is one loaded file.
type Entry struct {
	// Path is absolute; a symlink keeps the link path (GM-12).
	Path string `json:"path"`
	// Text is the trimmed text after import processing (GM-6).
	Text  string `json:"text"`
	bytes int
}

// Result is what Load found.
type Result struct {
	// Names are NAMES, in order (GM-10); the header lists them.
	Names []string `json:"names"`
	// Global are the global files' entries (GM-2), newline runs collapsed.
	Global []Entry `json:"global"`
	// Memory is the private project memory index, if any (GM-15).
	Memory *Entry `json:"memory"`
	// Extensions are the extensions' context files (GM-16).
	Extensions []Entry `json:"extensions"`
	// Project are the project files, sorted by path (GM-4).
	Project []Entry `json:"project"`
	// Dirs are the directories walked.
	Dirs []string `json:"dirs"`

	origins  []prov.Origin
	excluded []prov.Exclusion
}

var (
	_ sources.ContextFileLister = Result{}
	_ sources.WalkReporter      = Result{}
)

// ContextFiles lists the files in the order the request has them: the
// system part's (global, memory), then the session part's.
func (r Result) ContextFiles() []sources.ContextFile {
	var out []sources.ContextFile
	add := func(es ...Entry) {
		for _, e := range es {
			out = append(out, sources.ContextFile{Path: e.Path, Content: e.Text, Bytes: e.bytes})
		}
	}
	add(r.Global...)
	if r.Memory != nil {
		add(*r.Memory)
	}
	add(r.Extensions...)
	add(r.Project...)
	return out
}

// Walk reports the walked directories and NAMES.
func (r Result) Walk() sources.Walk {
	return sources.Walk{Dirs: append([]string(nil), r.Dirs...), Names: append([]string(nil), r.Names...)}
}
