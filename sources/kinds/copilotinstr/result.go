package copilotinstr

import (
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Exclusion reasons recorded in Output.Excluded.
const (
	ReasonDuplicate = "same text as a file already sent"
	ReasonListed    = "listed with its applyTo for the model to read when it works on matching files, not sent at start"
)

// File is one instruction file sent whole.
type File struct {
	// Path is absolute.
	Path string `json:"path"`
	// Content is the file's bytes as text, unchanged (CP-9).
	Content string `json:"content"`
}

// Listed is one row of the on-demand table (CP-7).
type Listed struct {
	// Pattern is applyTo, its comma-separated patterns joined by ", ".
	Pattern string `json:"pattern"`
	// Path is as the table shows it: absolute for a user file, relative
	// to the directory holding .github for a repository's.
	Path string `json:"path"`
	// Description is the front matter's description, "" if none.
	Description string `json:"description"`
	abs         string
}

// Result is what Load found, in prompt order.
type Result struct {
	// Blocks are sent as <custom_instruction> blocks (CP-2..CP-5).
	Blocks []File `json:"blocks"`
	// Inline are *.instructions.md files sent raw after the blocks (CP-6).
	Inline []File `json:"inline"`
	// Listed are *.instructions.md files only named in the table (CP-7).
	Listed []Listed `json:"listed"`
	// Root is the git root (the cwd without git); Dirs the walk from it
	// down to the cwd.
	Root string   `json:"root"`
	Dirs []string `json:"dirs"`

	origins  []prov.Origin
	excluded []prov.Exclusion
}

var (
	_ sources.ContextFileLister = Result{}
	_ sources.WalkReporter      = Result{}
)

// ContextFiles lists the files sent at start: blocks, then inlined files.
func (r Result) ContextFiles() []sources.ContextFile {
	out := make([]sources.ContextFile, 0, len(r.Blocks)+len(r.Inline))
	for _, fs := range [][]File{r.Blocks, r.Inline} {
		for _, f := range fs {
			out = append(out, sources.ContextFile{Path: f.Path, Content: f.Content, Bytes: len(f.Content)})
		}
	}
	return out
}

// Walk reports the walked directories and the names tried.
func (r Result) Walk() sources.Walk {
	return sources.Walk{Dirs: append([]string(nil), r.Dirs...), Names: append([]string{"copilot-instructions.md"}, append(append([]string(nil), ProjectNames...), "*.instructions.md")...)}
}
