package geminimemory

import (
	"context"
	"encoding/json"
	"path"
	"sort"
	"strings"
	"unicode"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/lazyre"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// CodeSettings is the diagnostic code of a settings file promptc could
// not use.
const CodeSettings = "geminimemory/settings"

// settings is what ~/.gemini/settings.json says about context files.
type settings struct {
	Context struct {
		FileName        json.RawMessage `json:"fileName"`
		BoundaryMarkers *[]string       `json:"memoryBoundaryMarkers"`
		ImportFormat    string          `json:"importFormat"`
	} `json:"context"`
}

// loader holds one Load's state.
type loader struct {
	fsys   sources.FS
	gdir   string // ~/.gemini
	format string
	im     *importer
	seen   map[string]bool // real paths already loaded
	res    Result
	diags  diag.List
}

// Load finds Gemini CLI's context files for opts (GM-2..GM-16). The error
// result is only for a cancelled ctx.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, diag.List, error) {
	l := &loader{fsys: fsys, seen: map[string]bool{}, res: Result{Global: []Entry{}, Extensions: []Entry{}, Project: []Entry{}, Dirs: []string{}}}
	if opts.Home != "" {
		l.gdir = sources.Child(opts.Home, ".gemini")
	}
	s := l.readSettings()
	names := opts.FileNames
	if len(names) == 0 {
		names = fileNames(s.Context.FileName)
	}
	l.res.Names = uniq(append(append([]string(nil), names...), DefaultName))
	markers := []string{".git"}
	if s.Context.BoundaryMarkers != nil {
		markers = *s.Context.BoundaryMarkers
	}
	if opts.BoundaryMarkers != nil {
		markers = opts.BoundaryMarkers
	}
	l.format = s.Context.ImportFormat
	if opts.ImportFormat != "" {
		l.format = opts.ImportFormat
	}
	l.im = &importer{fsys: fsys, markers: markers, stop: l.gdir}

	if l.gdir != "" {
		for _, n := range l.res.Names {
			if e, ok := l.load(sources.Child(l.gdir, n), true); ok {
				l.res.Global = append(l.res.Global, e)
			}
		}
		l.loadExtensions()
		if e, ok := l.load(path.Join(l.gdir, "tmp", path.Base(path.Clean(opts.Cwd)), "memory", "MEMORY.md"), true); ok {
			l.res.Memory = &e
		}
	}
	if err := ctx.Err(); err != nil {
		return Result{}, nil, err
	}
	var cands []string
	for _, w := range append([]string{opts.Cwd}, opts.IncludeDirectories...) {
		w = path.Clean(w)
		top := ceiling(fsys, w, markers, l.gdir)
		for d := w; ; d = path.Dir(d) {
			if d == l.gdir {
				break
			}
			l.res.Dirs = append(l.res.Dirs, d)
			for _, n := range l.res.Names {
				p := sources.Child(d, n)
				if !sources.IsFile(fsys, p) {
					if sources.Exists(fsys, p) {
						l.res.excluded = append(l.res.excluded, prov.Exclusion{Path: p, Reason: ReasonNotFile})
					}
					continue
				}
				cands = append(cands, p)
			}
			if top == "" || d == top || d == "/" {
				break
			}
		}
	}
	sort.Strings(cands)
	for i, p := range cands {
		if err := ctx.Err(); err != nil {
			return Result{}, nil, err
		}
		if i > 0 && cands[i-1] == p { // two workspace dirs walked to the same dir
			continue
		}
		real, err := sources.Realpath(fsys, p)
		if err != nil {
			real = p
		}
		if l.seen[real] { // GM-12: the first file by path keeps it
			l.res.excluded = append(l.res.excluded, prov.Exclusion{Path: p, Reason: ReasonDuplicate, Detail: real})
			continue
		}
		l.seen[real] = true
		if opts.Untrusted {
			l.res.excluded = append(l.res.excluded, prov.Exclusion{Path: p, Reason: ReasonUntrusted})
			continue
		}
		if e, ok := l.load(p, false); ok {
			l.res.Project = append(l.res.Project, e)
		}
	}
	return l.res, append(l.diags, l.im.diags...), nil
}

var newlineRuns = lazyre.New(`\n{3,}`)

// load reads one context file and processes its imports; system marks a
// file of the system part, whose newline runs collapse (GM-3).
func (l *loader) load(p string, system bool) (Entry, bool) {
	if !sources.IsFile(l.fsys, p) {
		return Entry{}, false
	}
	b, err := sources.ReadFile(l.fsys, p)
	if err != nil {
		return Entry{}, false
	}
	if real, err := sources.Realpath(l.fsys, p); err == nil {
		l.seen[real] = true
	}
	content := jsstr.DecodeUTF8(b)
	if l.format == "flat" {
		content = l.im.flat(content, p)
	} else {
		content = l.im.tree(content, path.Dir(p), 0, []string{p})
	}
	text := jsTrim(content)
	if text == "" {
		l.res.excluded = append(l.res.excluded, prov.Exclusion{Path: p, Reason: ReasonBlank})
		return Entry{}, false
	}
	if system {
		text = newlineRuns().ReplaceAllString(text, "\n\n")
	}
	l.res.origins = append(l.res.origins, prov.Origin{Path: p, Role: "context", Bytes: len(b)})
	return Entry{Path: p, Text: text, bytes: len(b)}, true
}

// loadExtensions adds each installed extension's context files (GM-16),
// extensions sorted by directory name.
func (l *loader) loadExtensions() {
	dir := sources.Child(l.gdir, "extensions")
	entries, err := sources.ReadDir(l.fsys, dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		ext := path.Join(dir, e.Name())
		var m struct {
			ContextFileName json.RawMessage `json:"contextFileName"`
		}
		b, err := sources.ReadFile(l.fsys, sources.Child(ext, "gemini-extension.json"))
		if err != nil || json.Unmarshal(b, &m) != nil {
			continue
		}
		names := fileNames(m.ContextFileName)
		if len(names) == 0 {
			names = []string{DefaultName}
		}
		for _, n := range names {
			if en, ok := l.load(sources.Child(ext, n), false); ok {
				l.res.Extensions = append(l.res.Extensions, en)
			}
		}
	}
}

// readSettings reads ~/.gemini/settings.json; a bad file is a warning.
func (l *loader) readSettings() settings {
	var s settings
	if l.gdir == "" {
		return s
	}
	p := sources.Child(l.gdir, "settings.json")
	b, err := sources.ReadFile(l.fsys, p)
	if err != nil {
		return s
	}
	if err := json.Unmarshal(b, &s); err != nil {
		l.diags.Warnf(p, CodeSettings, "promptc could not read %s: %v", p, err)
		return settings{}
	}
	return s
}

// fileNames reads a string-or-list setting.
func fileNames(raw json.RawMessage) []string {
	if len(raw) == 0 {
		return nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return list
	}
	return nil
}

func uniq(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// ceiling is the nearest ancestor of dir (inclusive) holding an entry
// named by a marker, not looking at stop or above it; "" when none.
func ceiling(fsys sources.FS, dir string, markers []string, stop string) string {
	if len(markers) == 0 {
		return ""
	}
	for d := path.Clean(dir); d != stop; d = path.Dir(d) {
		for _, m := range markers {
			if m == "" {
				continue
			}
			if _, err := sources.Lstat(fsys, sources.Child(d, m)); err == nil {
				return d
			}
		}
		if d == "/" {
			break
		}
	}
	return ""
}

// jsTrim is JavaScript's String.prototype.trim (U+FEFF included).
func jsTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' })
}
