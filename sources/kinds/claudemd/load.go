package claudemd

import (
	"context"
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// CodeSettings is the diagnostic code of a settings file promptc could
// not use.
const CodeSettings = "claudemd/settings"

// loader holds one Load's state.
type loader struct {
	ctx      context.Context
	fsys     sources.FS
	opts     Options
	approved bool
	excludes []*regexp.Regexp
	seen     map[string]bool // paths and real paths already listed
	res      Result
	diags    diag.List
}

// Load lists the reminder's files for opts (CC-4..CC-22). The error
// result is only for a cancelled ctx.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, diag.List, error) {
	l := &loader{ctx: ctx, fsys: fsys, opts: opts, seen: map[string]bool{}, res: Result{Files: []File{}, Dirs: []string{}}}
	if opts.Disabled {
		return l.res, nil, nil
	}
	l.readSettings()
	cwd := path.Clean(opts.Cwd)
	for d := cwd; d != "/"; d = path.Dir(d) {
		l.res.Dirs = append([]string{d}, l.res.Dirs...)
	}
	if opts.ConfigDir != "" && opts.source(TypeUser) {
		l.add(sources.Child(opts.ConfigDir, "CLAUDE.md"), TypeUser, 0, "")
		l.rules(sources.Child(opts.ConfigDir, "rules"), TypeUser)
	}
	dirs := append([]string(nil), l.res.Dirs...)
	if opts.AddDirsClaudeMD {
		dirs = append(dirs, opts.AddDirs...)
	}
	mainRoot, wtRoot := mainCheckout(fsys, cwd)
	for _, d := range dirs {
		if err := ctx.Err(); err != nil {
			return Result{}, nil, err
		}
		// CC-23: the main checkout around a nested linked worktree gives
		// only its local files.
		shadowed := mainRoot != "" && inside(d, mainRoot) && !inside(d, wtRoot)
		if opts.source(TypeProject) && !shadowed {
			l.add(sources.Child(d, "CLAUDE.md"), TypeProject, 0, "")
			l.add(path.Join(d, ".claude", "CLAUDE.md"), TypeProject, 0, "")
			l.rules(path.Join(d, ".claude", "rules"), TypeProject)
		}
		if shadowed {
			for _, n := range []string{"CLAUDE.md", ".claude/CLAUDE.md", ".claude/rules"} {
				if sources.Exists(fsys, sources.Child(d, n)) {
					l.exclude(sources.Child(d, n), ReasonMainCheckout, wtRoot)
				}
			}
		}
		if opts.source(TypeLocal) {
			l.add(sources.Child(d, "CLAUDE.local.md"), TypeLocal, 0, "")
		}
	}
	if opts.source(TypeProject) {
		var walked []string // the cwd walk without the main checkout (CC-24)
		for _, d := range l.res.Dirs {
			if mainRoot == "" || !inside(d, mainRoot) || inside(d, wtRoot) {
				walked = append(walked, d)
			}
		}
		l.addAgentsMD(walked)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, nil, err
	}
	return l.res, l.diags, nil
}

// readSettings reads claudeMdExcludes from the config dir's settings.json
// and the external-import approval of the git root from ~/.claude.json.
func (l *loader) readSettings() {
	globs := append([]string(nil), l.opts.Excludes...)
	if l.opts.ConfigDir != "" {
		var s struct {
			Excludes []string `json:"claudeMdExcludes"`
		}
		if l.readJSON(sources.Child(l.opts.ConfigDir, "settings.json"), &s) {
			globs = append(globs, s.Excludes...)
		}
	}
	for _, g := range globs {
		if re, err := globRe(g); err == nil {
			l.excludes = append(l.excludes, re)
		}
	}
	if l.opts.Home != "" {
		var cj struct {
			Projects map[string]struct {
				Approved bool `json:"hasClaudeMdExternalIncludesApproved"`
			} `json:"projects"`
		}
		if l.readJSON(sources.Child(l.opts.Home, ".claude.json"), &cj) {
			l.approved = cj.Projects[l.gitRoot()].Approved
		}
	}
}

// readJSON decodes the JSON file p into v; a missing file is false, a
// bad one a warning.
func (l *loader) readJSON(p string, v any) bool {
	b, err := sources.ReadFile(l.fsys, p)
	if err != nil {
		return false
	}
	if err := json.Unmarshal(b, v); err != nil {
		l.diags.Warnf(p, CodeSettings, "promptc could not read %s: %v", p, err)
		return false
	}
	return true
}

// gitRoot is the nearest ancestor of the cwd holding .git, else the cwd.
func (l *loader) gitRoot() string {
	cwd := path.Clean(l.opts.Cwd)
	for d := cwd; ; d = path.Dir(d) {
		if _, err := sources.Lstat(l.fsys, sources.Child(d, ".git")); err == nil {
			return d
		}
		if d == "/" {
			return cwd
		}
	}
}

func (l *loader) exclude(p, reason, detail string) {
	l.res.excluded = append(l.res.excluded, prov.Exclusion{Path: p, Reason: reason, Detail: detail})
}

// add lists the file p of type typ and then its imports (CC-7, CC-13..CC-18).
func (l *loader) add(p, typ string, depth int, importer string) {
	fi, err := sources.Stat(l.fsys, p)
	if err != nil {
		if lfi, lerr := sources.Lstat(l.fsys, p); lerr == nil && lfi.Mode()&fs.ModeSymlink != 0 {
			l.exclude(p, ReasonNotFile, "broken symbolic link")
		}
		return
	}
	if !fi.Mode().IsRegular() {
		if depth == 0 {
			l.exclude(p, ReasonNotFile, "directory or special file")
		}
		return
	}
	real, err := sources.Realpath(l.fsys, p)
	if err != nil {
		real = p
	}
	if l.seen[p] || l.seen[real] {
		l.exclude(p, ReasonDuplicate, "")
		return
	}
	for _, re := range l.excludes {
		if re.MatchString(p) {
			l.exclude(p, ReasonExcluded, re.String())
			return
		}
	}
	if fi.Size() > MaxFileBytes {
		l.exclude(p, ReasonTooLarge, "")
		return
	}
	b, err := sources.ReadFile(l.fsys, p)
	if err != nil {
		l.exclude(p, ReasonUnreadable, err.Error())
		return
	}
	fm, body := frontmatter(jsstr.DecodeUTF8(b))
	if depth == 0 && strings.Contains(p, "/rules/") && conditional(fm) {
		l.exclude(p, ReasonConditional, "")
		return
	}
	processed, runs := process(body)
	text := jsTrim(processed)
	if text == "" {
		l.exclude(p, ReasonBlank, "")
		return
	}
	l.seen[p], l.seen[real] = true, true
	l.res.Files = append(l.res.Files, File{Path: p, Type: typ, Text: text, Depth: depth, ImportedBy: importer, bytes: len(b)})
	l.res.origins = append(l.res.origins, prov.Origin{Path: p, Role: "context", Bytes: len(b)})
	for _, t := range importPaths(runs, path.Dir(p), l.opts.Home) {
		switch {
		case depth+1 > MaxImportDepth:
			l.exclude(t, ReasonTooDeep, "imported by "+p)
		case typ != TypeUser && !l.approved && !inside(t, path.Clean(l.opts.Cwd)):
			l.exclude(t, ReasonOutsideCwd, "imported by "+p)
		case !textFile(t):
			l.exclude(t, ReasonNotText, "imported by "+p)
		default:
			l.add(t, typ, depth+1, p)
		}
	}
}

// rules lists the .md files of a rules directory, depth first, each
// subdirectory at its place, in the file system's own listing order, not
// sorted (CC-6).
func (l *loader) rules(dir, typ string) {
	entries, err := sources.ReadDirUnsorted(l.fsys, dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := path.Join(dir, e.Name())
		if sources.IsDir(l.fsys, p) {
			l.rules(p, typ)
			continue
		}
		if strings.HasSuffix(e.Name(), ".md") {
			l.add(p, typ, 0, "")
		}
	}
}
