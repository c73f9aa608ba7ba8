package workspacefiles

import (
	"fmt"
	"path"

	"github.com/promptc/promptc/sources"
)

// Options configures one Load.
type Options struct {
	// Dir is the workspace directory exactly as the host names it. It is
	// joined to each file name with os.path.join semantics, so "ws/" and
	// "ws" find the same files; "" makes names relative to Base.
	Dir string `koanf:"dir"`
	// Base is the absolute directory that a relative Dir (or, with an
	// empty Dir, a file name) resolves against: the host process's working
	// directory.
	Base string `koanf:"base"`
	// Files are the candidates, in output order.
	Files []FileSpec `koanf:"files"`
	// Pristine maps a file name (as written in SkipIfModified) to the
	// lowercase hex SHA-256 of its pristine text after str.strip(), e.g.
	// of the template a fresh workspace is seeded with.
	Pristine map[string]string `koanf:"pristine"`
	// WarnPrefix starts every warning, e.g. "[Workspace] ".
	WarnPrefix string `koanf:"warn_prefix"`
}

// FileSpec is one candidate file.
type FileSpec struct {
	// Name is the file's path relative to the workspace, e.g. "AGENT.md"
	// or "knowledge/index.md". Loaded files carry it as File.Name.
	Name string `koanf:"name"`
	// Role is the provenance role of a loaded file ("context" if empty).
	Role string `koanf:"role"`
	// KeepEmpty loads the file even when its stripped text is empty.
	KeepEmpty bool `koanf:"keep_empty"`
	// Silent records a read failure as an exclusion without a warning.
	Silent bool `koanf:"silent"`
	// Placeholder, when set, skips files that still look like a template.
	Placeholder *Placeholder `koanf:"placeholder"`
	// Truncate, when set, bounds the loaded text.
	Truncate *Truncate `koanf:"truncate"`
	// SkipIfModified skips this file when any of the named files exists,
	// can be read as text and, stripped, differs from its Options.Pristine
	// hash (a file without a hash counts as modified once readable). An
	// unreadable watched file never counts as modified.
	SkipIfModified []string `koanf:"skip_if_modified"`
}

// Placeholder detects a file that is still an unfilled template: among
// its lines that are non-empty after str.strip() and do not start with
// CommentPrefix, there are at most MaxLines, and one of them contains one
// of Markers.
type Placeholder struct {
	MaxLines int `koanf:"max_lines"`
	// CommentPrefix marks lines that do not count ("#" for Markdown
	// headings); "" means every non-empty line counts.
	CommentPrefix string   `koanf:"comment_prefix"`
	Markers       []string `koanf:"markers"`
}

// OverBytes is a byte-budget policy (Truncate.OverBytes).
type OverBytes string

// Byte-budget policies.
const (
	// DropOldest drops lines from the top until the rest fits.
	DropOldest OverBytes = "drop_oldest"
	// DropAll drops every line once the budget is exceeded: CowAgent's
	// _truncate_memory_content measures the text once before its loop and
	// never again, so the loop empties the list (spec R-TRUNC-2).
	DropAll OverBytes = "drop_all"
)

// UnmarshalText accepts a policy's name; "" means DropOldest.
func (o *OverBytes) UnmarshalText(b []byte) error { return sources.ParseEnum(o, b) }

// EnumValues lists the allowed values.
func (OverBytes) EnumValues() []string { return []string{"", string(DropOldest), string(DropAll)} }

// Truncate keeps the tail of a file (newest entries are appended at the
// bottom). The stripped text is split on "\n"; when there are more than
// MaxLines lines only the last MaxLines are kept; then, when those lines
// joined with "\n" exceed MaxBytes bytes of UTF-8, OverBytes decides what
// is dropped. When anything was dropped the result is Notice followed by
// the kept text. Zero limits are no limit.
type Truncate struct {
	MaxLines  int       `koanf:"max_lines"`
	MaxBytes  int       `koanf:"max_bytes"`
	OverBytes OverBytes `koanf:"over_bytes"` // DropOldest (default) or DropAll
	Notice    string    `koanf:"notice"`
}

// Exclusion reasons recorded in Result.Excluded.
const (
	ReasonMissing     = "missing"
	ReasonModified    = "a watched file is modified" // Detail names it (CowAgent deletes the file here)
	ReasonUnreadable  = "unreadable"                 // Detail holds Python's error text
	ReasonEmpty       = "empty after stripping"
	ReasonPlaceholder = "unfilled template placeholder" // Detail names the marker
)

// CodeUnreadable is the diagnostic code of the read-failure warning.
const CodeUnreadable = "workspace/unreadable"

func (o Options) validate() error { return o.CheckOptions(func(string) bool { return false }) }

var _ sources.OptionChecker = Options{}

// CheckOptions checks that every file has a name and non-negative limits,
// and that a relative dir has an absolute base to resolve against.
func (o Options) CheckOptions(pending func(string) bool) error {
	if !pending("base") && !pending("dir") && (o.Dir == "" || o.Dir[0] != '/') && !path.IsAbs(o.Base) {
		return fmt.Errorf("workspace: base %q is not an absolute path (needed for dir %q)", o.Base, o.Dir)
	}
	if pending("files") {
		return nil
	}
	for i, f := range o.Files {
		if f.Name == "" {
			return fmt.Errorf("workspace: files[%d] has no name", i)
		}
		if t := f.Truncate; t != nil {
			switch t.OverBytes {
			case "", DropOldest, DropAll:
			default:
				return fmt.Errorf("workspace: files[%d] (%s): over_bytes %q is not %q or %q", i, f.Name, t.OverBytes, DropOldest, DropAll)
			}
			if t.MaxLines < 0 || t.MaxBytes < 0 {
				return fmt.Errorf("workspace: files[%d] (%s): negative truncation limit", i, f.Name)
			}
		}
	}
	return nil
}
