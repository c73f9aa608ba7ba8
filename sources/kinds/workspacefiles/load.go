package workspacefiles

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// File is one loaded file.
type File struct {
	// Name is the spec's name, e.g. "AGENT.md" (what CowAgent prints).
	Name string `json:"name"`
	// Path is the absolute path that was read.
	Path string `json:"path"`
	// Content is the stripped (and possibly truncated) text.
	Content string `json:"content"`
	// Truncated reports that the truncation policy dropped something.
	Truncated bool `json:"truncated"`
	// limit is the policy that was applied, for ContextFiles' account.
	limit *Truncate
}

// Result is what Load found.
type Result struct {
	// Files are the loaded files in spec order; never nil.
	Files []File `json:"files"`
	// Names are the loaded files' names, for conditions such as
	// `"AGENT.md" in ws.Names`; never nil.
	Names []string `json:"names"`
	// Origins has one entry per loaded file.
	Origins []prov.Origin `json:"-"`
	// Excluded has one entry per candidate that was left out.
	Excluded []prov.Exclusion `json:"-"`
	// Consulted lists, in order and without repeats, the absolute paths
	// whose existence or content the result depends on, including files
	// that were missing and watched files read for SkipIfModified.
	Consulted []string `json:"consulted"`
	// Diags are warnings about files that could not be read.
	Diags diag.List `json:"-"`
}

// Load reads the files of opts. See the package comment for the rules.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, error) {
	if err := opts.validate(); err != nil {
		return Result{}, err
	}
	l := &loader{fsys: fsys, opts: opts, seen: map[string]bool{}}
	l.res.Files, l.res.Names = []File{}, []string{}
	for _, spec := range opts.Files {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		l.load(spec)
	}
	return l.res, nil
}

type loader struct {
	fsys sources.FS
	opts Options
	res  Result
	seen map[string]bool // Consulted so far
}

// locate returns the name as the host spells it (for messages) and the
// absolute path the operating system would open.
func (l *loader) locate(name string) (display, abs string) {
	display = pytext.Join(l.opts.Dir, name)
	abs, ok := pytext.Resolve(l.fsys, l.opts.Base, display)
	if !ok {
		abs = pytext.Join(l.opts.Base, display)
	}
	if !l.seen[abs] {
		l.seen[abs] = true
		l.res.Consulted = append(l.res.Consulted, abs)
	}
	return display, abs
}

func (l *loader) exclude(abs, reason, detail string) {
	l.res.Excluded = append(l.res.Excluded, prov.Exclusion{Path: abs, Reason: reason, Detail: detail})
}

func (l *loader) load(spec FileSpec) {
	display, abs := l.locate(spec.Name)
	if !pytext.Exists(l.fsys, l.opts.Base, display) {
		l.exclude(abs, ReasonMissing, "")
		return
	}
	if by := l.modified(spec.SkipIfModified); by != "" {
		l.exclude(abs, ReasonModified, by+" differs from its pristine text")
		return
	}
	text, size, err := pytext.ReadText(l.fsys, l.opts.Base, display)
	if err != nil {
		l.exclude(abs, ReasonUnreadable, err.Error())
		if !spec.Silent {
			l.res.Diags.Warnf(abs, CodeUnreadable, "%sFailed to load %s: %v", l.opts.WarnPrefix, spec.Name, err)
		}
		return
	}
	content := pytext.Strip(text)
	if content == "" && !spec.KeepEmpty {
		l.exclude(abs, ReasonEmpty, "")
		return
	}
	if spec.Placeholder != nil {
		if marker, ok := spec.Placeholder.Match(content); ok {
			l.exclude(abs, ReasonPlaceholder, "contains "+marker)
			return
		}
	}
	truncated := false
	if spec.Truncate != nil {
		content, truncated = spec.Truncate.Apply(content)
	}
	role := spec.Role
	if role == "" {
		role = "context"
	}
	l.res.Files = append(l.res.Files, File{Name: spec.Name, Path: abs, Content: content, Truncated: truncated, limit: spec.Truncate})
	l.res.Names = append(l.res.Names, spec.Name)
	l.res.Origins = append(l.res.Origins, prov.Origin{Path: abs, Role: role, Bytes: size})
}

// modified returns the first watched file that exists, reads as text and
// differs from its pristine hash, or "".
func (l *loader) modified(watch []string) string {
	for _, name := range watch {
		display, _ := l.locate(name)
		if !pytext.Exists(l.fsys, l.opts.Base, display) {
			continue
		}
		text, _, err := pytext.ReadText(l.fsys, l.opts.Base, display)
		if err != nil {
			continue // an unreadable file never marks the workspace modified (R-X-1)
		}
		sum := sha256.Sum256([]byte(pytext.Strip(text)))
		want, ok := l.opts.Pristine[name]
		if !ok || hex.EncodeToString(sum[:]) != strings.ToLower(want) {
			return name
		}
	}
	return ""
}
