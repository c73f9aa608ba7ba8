package contextfiles

import (
	"fmt"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// StopRule says where the ancestor walk stops (Options.Stop).
type StopRule string

// Stop rules.
const (
	// StopRoot walks from the cwd up to the file system root (pi, CTX-4).
	StopRoot StopRule = "root"
	// StopGitRoot stops at the nearest ancestor holding a .git entry (file
	// or directory), inclusive; without one the walk reaches the root.
	StopGitRoot StopRule = "git_root"
	// StopCwd looks at the cwd only.
	StopCwd StopRule = "cwd"
)

// UnmarshalText accepts a stop rule's name; "" means StopRoot.
func (s *StopRule) UnmarshalText(b []byte) error { return sources.ParseEnum(s, b) }

// EnumValues lists the allowed values.
func (StopRule) EnumValues() []string {
	return []string{"", string(StopRoot), string(StopGitRoot), string(StopCwd)}
}

// PiCandidates are pi's context file names in priority order (CTX-2).
var PiCandidates = []string{"AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"}

// Exclusion reasons recorded in Result.Excluded.
const (
	// ReasonShadowed: a lower-priority candidate in a directory that
	// already has a file; Detail names the winner.
	ReasonShadowed = "shadowed by a higher-priority candidate"
	// ReasonNotFile: a candidate name that exists but is not a regular
	// file, or a symlink that does not lead to one.
	ReasonNotFile = "not a regular file"
	// ReasonDuplicate: the same path string was already loaded (CTX-7);
	// Detail names the directory that loaded it first.
	ReasonDuplicate = "duplicate path"
	// ReasonWorktree: a main-checkout file dropped by the linked-worktree
	// rule (CTX-13); Detail names the worktree's own file.
	ReasonWorktree = "shadowed by the linked worktree's file"
	// ReasonUnreadable: the file exists but could not be read (CTX-9);
	// Detail holds the error.
	ReasonUnreadable = "unreadable"
)

// Options configures Load. The zero value of Candidates and Stop selects
// pi's values; Defaults returns every pi value.
type Options struct {
	// Cwd is the physical working directory (symlinks resolved, CTX-14),
	// absolute.
	Cwd string `koanf:"cwd"`
	// GlobalDir is the directory of the global file, loaded first (CTX-1);
	// "" means none. pi: agentDir.
	GlobalDir string `koanf:"global_dir"`
	// Candidates are the file names tried in each directory, in order; the
	// first existing regular file (following symlinks) that can be read
	// wins (CTX-2, CTX-9). Empty means PiCandidates.
	Candidates []string `koanf:"candidates"`
	// Stop is StopRoot, StopGitRoot or StopCwd; "" means StopRoot.
	Stop StopRule `koanf:"stop"`
	// WorktreeRule enables CTX-13: in a linked worktree nested inside its
	// main checkout, the main checkout's file with the worktree file's
	// name is dropped. pi: true.
	WorktreeRule bool `koanf:"worktree_rule"`
	// WorktreeByDir makes CTX-13 recognise the main checkout's file by its
	// directory's realpath joined with its name (pi 1.x), so a worktree
	// file that links to the main checkout's file is kept; without it the
	// file's own realpath is compared (pi 0.83.0).
	WorktreeByDir bool `koanf:"worktree_by_dir"`
	// StripBOM drops a leading byte order mark (U+FEFF) from each file's
	// content (pi 1.x); pi 0.83.0 keeps it (CTX-11).
	StripBOM bool `koanf:"strip_bom"`
}

// Defaults returns pi's options for cwd and agentDir.
func Defaults(cwd, agentDir string) Options {
	return Options{
		Cwd:          cwd,
		GlobalDir:    agentDir,
		Candidates:   append([]string(nil), PiCandidates...),
		Stop:         StopRoot,
		WorktreeRule: true,
	}
}

func (o Options) withDefaults() (Options, error) {
	if len(o.Candidates) == 0 {
		o.Candidates = PiCandidates
	}
	switch o.Stop {
	case "":
		o.Stop = StopRoot
	case StopRoot, StopGitRoot, StopCwd:
	default:
		return o, fmt.Errorf("contextfiles: unknown stop rule %q (valid: %s, %s, %s)", o.Stop, StopRoot, StopGitRoot, StopCwd)
	}
	if o.Cwd == "" || o.Cwd[0] != '/' {
		return o, fmt.Errorf("contextfiles: cwd %q is not an absolute path", o.Cwd)
	}
	return o, nil
}

// File is one loaded context file.
type File struct {
	// Path is join(dir, candidate): a symlinked file keeps the link path.
	Path string `json:"path"`
	// Content is the file's text, WHATWG-decoded and otherwise verbatim
	// (BOM unless Options.StripBOM, CR, trailing blank lines kept; CTX-6,
	// CTX-11, X-15).
	Content string `json:"content"`
}

// Result is what Load found.
type Result struct {
	// Files are in prompt order: the global file, then ancestors from the
	// outermost directory down to the cwd.
	Files []File `json:"files"`
	// Diags holds the read warnings (CTX-9).
	Diags diag.List `json:"-"`
	// Origins has one entry per file in Files, in the same order.
	Origins []prov.Origin `json:"-"`
	// Excluded lists candidates that were seen and left out, with why.
	Excluded []prov.Exclusion `json:"-"`
	// walk is the directories looked at and the names tried, for the
	// WalkReporter role.
	walk sources.Walk
}
