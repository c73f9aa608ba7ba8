package cowagentskills

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/internal/port/py/pyyaml"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// ConfigFile is the persisted per-skill settings file of the custom
// directory.
const ConfigFile = "skills_config.json"

// Provenance roles of Result.Origins.
const (
	RoleSkill        = "skill"
	RoleConfig       = "skills-config"
	RoleLinkAIConfig = "skill-config"
)

// Exclusion reasons of Result.Excluded.
const (
	ReasonIgnoredName   = "ignored name" // dot entries, node_modules, __pycache__, venv, .git
	ReasonReadme        = "README.md is not a skill"
	ReasonUnreadable    = "unreadable" // Detail: Python's error text
	ReasonNoDescription = "no description"
	ReasonOverridden    = "overridden by a skill of the same name" // Detail: the winner's location
	ReasonDisabled      = "disabled"                               // Detail: where the flag comes from
	ReasonWrongOS       = "not for this platform"                  // Detail: the skill's os list
	ReasonKnowledgeOff  = "knowledge is off"
	ReasonHidden        = "disable-model-invocation"
	ReasonFormatFailed  = "formatting failed" // a non-string name: CowAgent drops the whole block
)

// Diagnostic codes of Result.Diags (CowAgent's own warnings).
const (
	CodeEmpty  = "cowskills/empty"
	CodeFormat = "cowskills/format"
	CodeConfig = "cowskills/config"
	CodeLinkAI = "cowskills/linkai"
)

// BuildError is a failure that makes CowAgent's whole prompt rebuild fail
// (an exception escaping refresh_skills), so that it falls back to its
// cached prompt. Err renders like the Python exception.
type BuildError struct{ Err error }

func (e *BuildError) Error() string { return "skills refresh failed: " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *BuildError) Unwrap() error { return e.Err }

// Result is what Load found.
type Result struct {
	// Prompt is the skills block, stripped: <available_skills> and then
	// <unavailable_skills>; "" when there is nothing to show.
	Prompt string
	// Skills are the entries of <available_skills>, in order; never nil.
	Skills []Skill
	// Unavailable are the entries of <unavailable_skills>; never nil.
	Unavailable []Skill
	// Origins has one entry per file that shaped Prompt.
	Origins []prov.Origin
	// Excluded has one entry per skill (or entry) left out.
	Excluded []prov.Exclusion
	// Consulted lists, without repeats, the absolute paths whose state the
	// result depends on (directories listed, files read or looked for).
	Consulted []string
	// Diags are CowAgent's warnings.
	Diags diag.List
}

type loader struct {
	opts  Options
	view  fsView
	res   Result
	seen  map[string]bool
	guard *sources.WalkGuard // keeps the scans finite (link cycles, huge trees)
}

func (l *loader) consult(p string) {
	a := l.view.abs(p)
	if !l.seen[a] {
		l.seen[a] = true
		l.res.Consulted = append(l.res.Consulted, a)
	}
}

func (l *loader) exclude(p, reason, detail string) {
	l.res.Excluded = append(l.res.Excluded, prov.Exclusion{Path: l.view.abs(p), Reason: reason, Detail: detail})
}

func (l *loader) origin(p, role string, size int) {
	l.res.Origins = append(l.res.Origins, prov.Origin{Path: l.view.abs(p), Role: role, Bytes: size})
}

// Load loads the skills of opts and formats the prompt block. See the
// package comment for the rules and for when it fails with a *BuildError.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, error) {
	if err := opts.validate(); err != nil {
		return Result{}, err
	}
	l := &loader{opts: opts, view: fsView{fsys: fsys, base: opts.Base, listed: map[string]fs.FileMode{}, res: sources.NewResolver(fsys)}, seen: map[string]bool{}, guard: sources.NewWalkGuard(fsys)}
	l.res.Skills, l.res.Unavailable = []Skill{}, []Skill{}
	customDir := opts.customDir()

	// refresh_skills: load_all_skills, then _sync_skills_config.
	skills := pyyaml.NewDict() // name -> *entry, in insertion order
	for _, src := range []struct{ dir, source string }{{opts.BuiltinDir, "builtin"}, {customDir, "custom"}} {
		sc := scanner{l: l, source: src.source}
		if err := sc.scanRoot(ctx, src.dir); err != nil {
			return Result{}, err
		}
		var entries []*entry
		contents := make([]string, len(sc.files))
		for i, f := range sc.files {
			contents[i] = f.content
		}
		sources.MemoTexts(ctx, l.view.fsys, frontMatterKind, contents, parseFrontMatterText)
		for _, f := range sc.files {
			e, err := l.newEntry(f)
			if err != nil {
				return Result{}, err
			}
			if e != nil {
				entries = append(entries, e)
			}
		}
		for _, e := range entries {
			if prev, ok := skills.Get(e.name); ok {
				p := prev.(*entry)
				l.exclude(p.Location, ReasonOverridden, e.Location)
			}
			if err := skills.Set(e.name, e); err != nil {
				return Result{}, &BuildError{Err: fmt.Errorf("TypeError: %v", err)}
			}
		}
	}
	saved := l.readConfig(customDir)
	all := make([]*entry, 0, skills.Len())
	on := make(map[*entry]bool, skills.Len())
	for _, v := range skills.Values() {
		e := v.(*entry)
		en, err := enabled(saved, e)
		if err != nil {
			return Result{}, err
		}
		all = append(all, e)
		on[e] = pyyaml.Truthy(en)
	}
	if err := l.checkMakedirs(customDir); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}

	// build_skills_prompt: the eligible skills, then the unavailable ones.
	var avail, unavail []*entry
	for _, e := range all {
		included := l.include(e)
		switch {
		case !on[e]:
			l.exclude(e.Location, ReasonDisabled, disabledDetail(saved, e))
		case included && !l.opts.Knowledge && e.name == "knowledge-wiki":
			l.exclude(e.Location, ReasonKnowledgeOff, "")
		case included && e.hidden:
			l.exclude(e.Location, ReasonHidden, "")
		case included:
			avail = append(avail, e)
		default:
			if miss := l.missing(e); len(miss) > 0 {
				parts := make([]string, len(miss))
				for i, m := range miss {
					parts[i] = m[0] + ": " + m[1]
				}
				e.Missing = strings.Join(parts, "; ")
				e.Setup = setupHint(e.content)
				unavail = append(unavail, e)
			} else {
				l.exclude(e.Location, ReasonWrongOS, "os: "+strings.Join(e.meta.os, ", "))
			}
		}
	}
	for _, list := range [][]*entry{avail, unavail} {
		for _, e := range list {
			if !e.nameIsStr() {
				return l.formatFailed(avail, unavail, e), nil
			}
		}
	}
	for _, e := range avail {
		l.res.Skills = append(l.res.Skills, e.Skill)
		l.origin(e.Location, RoleSkill, e.size)
	}
	for _, e := range unavail {
		l.res.Unavailable = append(l.res.Unavailable, e.Skill)
		l.origin(e.Location, RoleSkill, e.size)
	}
	l.res.Prompt = pytext.Strip(formatAvailable(l.res.Skills) + formatUnavailable(l.res.Unavailable))
	if l.res.Prompt == "" {
		l.res.Diags.Warnf("", CodeEmpty, "[PromptBuilder] No skills prompt generated - skills_prompt is empty")
	}
	l.res.Diags = append(l.res.Diags, l.guard.Diags...)
	return l.res, nil
}

// formatFailed is build_skills_prompt raising in _escape_xml on a name
// that is not a str: CowAgent logs a warning and shows no skills.
func (l *loader) formatFailed(avail, unavail []*entry, bad *entry) Result {
	for _, list := range [][]*entry{avail, unavail} {
		for _, e := range list {
			l.exclude(e.Location, ReasonFormatFailed, "the name of "+bad.Location+" is a "+pyyaml.TypeName(bad.name))
		}
	}
	l.res.Diags.Warnf(bad.Path, CodeFormat, "Failed to build skills prompt: '%s' object has no attribute 'replace'", pyyaml.TypeName(bad.name))
	l.res.Diags = append(l.res.Diags, l.guard.Diags...)
	return l.res
}

func disabledDetail(saved *pyyaml.Dict, e *entry) string {
	if saved.Has(e.name) {
		return "enabled is false in " + ConfigFile
	}
	return "metadata default_enabled is false"
}

// checkMakedirs reproduces whether os.makedirs(dir, exist_ok=True)
// succeeds: the directory exists, or its nearest existing ancestor is a
// directory (so the rest can be created). Anything else (a file or a
// broken symlink in the way, an unreadable ancestor) raises in CowAgent.
// Permissions to create the missing part are not checked.
func (l *loader) checkMakedirs(dir string) error {
	l.consult(dir)
	p := l.view.abs(dir)
	top := p
	for {
		fi, err := sources.Stat(l.view.fsys, p)
		switch {
		case err == nil && fi.IsDir():
			return nil
		case err == nil && p == top:
			return &BuildError{Err: &pytext.OSError{Errno: 17, Strerror: "File exists", Filename: dir}}
		case err == nil:
			return &BuildError{Err: &pytext.OSError{Errno: 20, Strerror: "Not a directory", Filename: dir}}
		case !errors.Is(err, fs.ErrNotExist):
			return &BuildError{Err: pytext.NewOSError(err, dir)}
		}
		if _, lerr := sources.Lstat(l.view.fsys, p); lerr == nil {
			return &BuildError{Err: &pytext.OSError{Errno: 17, Strerror: "File exists", Filename: dir}} // a broken symlink
		}
		parent := dirname(p)
		if parent == p {
			return nil
		}
		p = parent
	}
}
