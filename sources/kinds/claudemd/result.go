package claudemd

import (
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Exclusion reasons recorded in Output.Excluded.
const (
	ReasonNotFile     = "not a regular file"
	ReasonBlank       = "blank"
	ReasonTooLarge    = "larger than 4 MiB"
	ReasonDuplicate   = "already listed"
	ReasonConditional = "conditional rule (paths: frontmatter)"
	ReasonExcluded    = "matched by claudeMdExcludes"
	ReasonOutsideCwd  = "import outside the cwd (not approved)"
	ReasonTooDeep     = "import deeper than 4 levels"
	ReasonNotText     = "import of a non-text file"
	ReasonUnreadable  = "unreadable"
	// ReasonMainCheckout: a project file of the main checkout around the
	// linked worktree the cwd is in (CC-23); Detail names the worktree.
	ReasonMainCheckout = "main checkout of a nested linked worktree"
)

// File is one entry of the reminder.
type File struct {
	// Path is the path as loaded (a symlink keeps the link path).
	Path string `json:"path"`
	// Type is user, project or local (imports take their importer's).
	Type string `json:"type"`
	// Text is the processed, trimmed text (CC-8..CC-10).
	Text string `json:"text"`
	// Depth is 0 for a file found by the walk, n for an import n levels
	// down; ImportedBy is the importer's path.
	Depth      int    `json:"depth"`
	ImportedBy string `json:"imported_by,omitempty"`
	bytes      int
	// top is, for a file of the AGENTS.md fallback, the AGENTS.md it was
	// loaded for (CC-24).
	top string
}

// Result is what Load found.
type Result struct {
	// Files are in prompt order (CC-4, CC-13).
	Files []File `json:"files"`
	// Dirs are the walked directories, outermost first.
	Dirs []string `json:"dirs"`

	origins  []prov.Origin
	excluded []prov.Exclusion
}

var (
	_ sources.ContextFileLister = Result{}
	_ sources.WalkReporter      = Result{}
)

// ContextFiles lists the entries in prompt order.
func (r Result) ContextFiles() []sources.ContextFile {
	out := make([]sources.ContextFile, 0, len(r.Files))
	for _, f := range r.Files {
		out = append(out, sources.ContextFile{Path: f.Path, Content: f.Text, Bytes: f.bytes})
	}
	return out
}

// Walk reports the walked directories and the names tried in each.
func (r Result) Walk() sources.Walk {
	return sources.Walk{Dirs: append([]string(nil), r.Dirs...), Names: []string{"CLAUDE.md", ".claude/CLAUDE.md", ".claude/rules", "CLAUDE.local.md", "AGENTS.md", ".claude/AGENTS.md"}}
}
