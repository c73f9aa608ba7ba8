package piresources

import (
	"context"
	"fmt"
	"path"
	"sort"

	"github.com/promptc/promptc/internal/port/js/glob"
	"github.com/promptc/promptc/sources"
)

// Scopes reported in Skill.Scope.
const (
	ScopeProject = "project"
	ScopeUser    = "user"
	ScopePackage = "package"
	ScopePath    = "path"
)

// Precedence ranks of resolved resources (SKL-D1, TPL-D1).
const (
	rankProjectSettings = iota
	rankProjectAuto
	rankUserSettings
	rankUserAuto
	rankPackage
)

type kind int

const (
	kindSkills kind = iota
	kindPrompts
)

// loader holds one run's inputs and what it has recorded so far.
type loader struct {
	ctx                 context.Context
	fsys                sources.FS
	layout              Layout
	cwd, home, agentDir string
	trusted             bool
	kind                kind
	// rules are the pi version's reading rules (set by the caller).
	rules Rules
	rec   recorder
	globs map[string]*glob.Pattern
	// resolver memoizes realpaths for the run (skills below one tree
	// share their directory prefixes).
	resolver *sources.Resolver
	// guard keeps the walks finite (link cycles, huge trees).
	guard *sources.WalkGuard
	// regular are the skill files a walk found to be regular files, so
	// loading them needs no second stat.
	regular map[string]bool
	// found reads the skill files the walks find ahead of their loading
	// (nil: none).
	found *sources.Background
}

func newLoader(ctx context.Context, fsys sources.FS, layout Layout, cwd, home, agentDir string, trusted bool, k kind) (*loader, error) {
	for _, p := range []struct{ name, v string }{{"cwd", cwd}, {"home", home}, {"agent dir", agentDir}} {
		if p.v == "" || p.v[0] != '/' {
			return nil, fmt.Errorf("resources: %s %q is not an absolute path", p.name, p.v)
		}
	}
	return &loader{
		ctx: ctx, fsys: fsys, layout: layout.withDefaults(),
		cwd: path.Clean(cwd), home: path.Clean(home), agentDir: path.Clean(agentDir),
		trusted: trusted, kind: k, globs: map[string]*glob.Pattern{}, resolver: sources.NewResolver(fsys),
		guard: sources.NewWalkGuard(fsys), regular: map[string]bool{},
	}, nil
}

// key is the settings, manifest and package-filter key of the kind.
func (l *loader) key() string {
	if l.kind == kindSkills {
		return l.layout.SkillsKey
	}
	return l.layout.PromptsKey
}

// candidate is a path to load, with the scope it was found in.
type candidate struct {
	path, scope string
}

// accumulator is pi's resource map: the first entry for a path wins,
// disabled entries included (they still block the path).
type accumulator struct {
	entries []accEntry
	seen    map[string]bool
}

type accEntry struct {
	candidate
	rank    int
	enabled bool
}

func (l *loader) add(acc *accumulator, p, scope string, rank int, disabledBy string) {
	if acc.seen == nil {
		acc.seen = map[string]bool{}
	}
	if acc.seen[p] {
		return
	}
	acc.seen[p] = true
	acc.entries = append(acc.entries, accEntry{candidate{p, scope}, rank, disabledBy == ""})
	if disabledBy != "" {
		l.rec.exclude(p, ReasonDisabled, disabledBy)
	}
}

// resolve returns the ordered paths to load: -e package resources, then
// (when discover is set) settings, auto-discovered and package resources by
// rank, then the CLI paths; trimmed, resolved and without repeated paths.
func (l *loader) resolve(discover bool, cliPackages, cliPaths []string) ([]candidate, error) {
	var primary []candidate
	for _, raw := range cliPackages {
		files, off, err := l.packageFiles(cliPath(raw, l.cwd, l.home), nil, "")
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if why, disabled := off[f]; disabled {
				l.rec.exclude(f, ReasonDisabled, why)
				continue
			}
			primary = append(primary, candidate{f, ScopePackage})
		}
	}
	if discover {
		resolved, err := l.discover()
		if err != nil {
			return nil, err
		}
		primary = append(primary, resolved...)
	} else {
		l.discoveryOff()
	}
	seen := map[string]bool{}
	var out []candidate
	add := func(p, scope string) {
		p = settingsPath(p, l.cwd, l.home)
		if !seen[p] {
			seen[p] = true
			out = append(out, candidate{p, scope})
		}
	}
	for _, c := range primary {
		add(c.path, c.scope)
	}
	for _, raw := range cliPaths {
		add(cliPath(raw, l.cwd, l.home), ScopePath)
	}
	return out, nil
}

// discover is pi's package-manager resolve for one resource kind.
func (l *loader) discover() ([]candidate, error) {
	user, project := l.userSettings(), l.projectSettings()
	var acc accumulator
	if err := l.addPackages(&acc, project, user); err != nil {
		return nil, err
	}
	if err := l.addEntries(&acc, project, rankProjectSettings); err != nil {
		return nil, err
	}
	if err := l.addEntries(&acc, user, rankUserSettings); err != nil {
		return nil, err
	}
	if err := l.addAuto(&acc, project, user); err != nil {
		return nil, err
	}
	sort.SliceStable(acc.entries, func(i, j int) bool { return acc.entries[i].rank < acc.entries[j].rank })
	var out []candidate
	for _, e := range acc.entries {
		if e.enabled {
			out = append(out, e.candidate)
		}
	}
	return out, nil
}

// addEntries adds the files under a settings list's plain entries, enabled
// or not by the list's patterns (SKL-D12, X-7).
func (l *loader) addEntries(acc *accumulator, s settings, rank int) error {
	entries := s.list(l.key())
	if len(entries) == 0 {
		return nil
	}
	plain, patterns := splitPatterns(entries)
	var roots []string
	for _, p := range plain {
		roots = append(roots, settingsPath(p, s.base, l.home))
	}
	files, err := l.collect(roots)
	if err != nil {
		return err
	}
	off := l.applyPatterns(files, patterns, s.base, " in "+s.file)
	for _, f := range files {
		l.add(acc, f, s.scope, rank, off[f])
	}
	return nil
}

// collect is pi's collectFilesFromPaths: files are taken as they are,
// directories are walked (skills: pi mode; prompts: recursive), missing
// paths are skipped.
func (l *loader) collect(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		fi, err := sources.Stat(l.fsys, p)
		switch {
		case err != nil:
			l.rec.exclude(p, ReasonMissing, "")
		case fi.Mode().IsRegular():
			files = append(files, p)
		case fi.IsDir():
			found, err := l.dirFiles(p, true)
			if err != nil {
				return nil, err
			}
			files = append(files, found...)
		}
	}
	return files, nil
}

// dirFiles walks a resource directory of the loader's kind: a skills
// directory in pi mode (rootFiles) or agents mode, a prompts directory
// recursively or flat.
func (l *loader) dirFiles(dir string, deep bool) ([]string, error) {
	if l.kind == kindSkills {
		return l.skillFiles(dir, deep)
	}
	return l.promptFiles(dir, deep)
}

// addAuto adds the auto-discovered directories' files, each subject to the
// "!", "+" and "-" overrides of its scope's settings list (SKL-D8, SKL-D9,
// X-11, TPL-D2, X-17).
func (l *loader) addAuto(acc *accumulator, project, user settings) error {
	add := func(dir string, deep bool, s settings, base string, rank int) error {
		files, err := l.dirFiles(dir, deep)
		if err != nil {
			return err
		}
		patterns := s.list(l.key())
		for _, f := range files {
			l.add(acc, f, s.scope, rank, l.overrides(f, patterns, base, " in "+s.file))
		}
		return nil
	}
	userAgents := sources.Child(l.home, l.layout.AgentsSkillsDir)
	for _, d := range l.projectAutoDirs(userAgents) {
		if !l.trusted {
			if sources.Exists(l.fsys, d.dir) {
				l.rec.exclude(d.dir, ReasonUntrusted, "")
			}
			continue
		}
		if err := add(d.dir, d.deep, project, d.base, rankProjectAuto); err != nil {
			return err
		}
	}
	for _, d := range l.userAutoDirs(userAgents) {
		if err := add(d.dir, d.deep, user, d.base, rankUserAuto); err != nil {
			return err
		}
	}
	return nil
}

type autoDir struct {
	dir, base string
	deep      bool // skills: pi mode; prompts: never (flat)
}

func (l *loader) projectAutoDirs(userAgents string) []autoDir {
	base := sources.Child(l.cwd, l.layout.ProjectDir)
	if l.kind == kindPrompts {
		return []autoDir{{l.promptsDir(base), base, false}}
	}
	dirs := []autoDir{{sources.Child(base, l.layout.SkillsDir), base, true}}
	for _, d := range agentsSkillDirs(l.fsys, l.cwd, l.layout.AgentsSkillsDir, l.layout.GitMarker, userAgents) {
		dirs = append(dirs, autoDir{d, path.Dir(d), false})
	}
	return dirs
}

func (l *loader) userAutoDirs(userAgents string) []autoDir {
	if l.kind == kindPrompts {
		return []autoDir{{l.promptsDir(l.agentDir), l.agentDir, false}}
	}
	return []autoDir{
		{sources.Child(l.agentDir, l.layout.SkillsDir), l.agentDir, true},
		{userAgents, path.Dir(userAgents), false},
	}
}

// promptsDir is base/prompts, or base/commands when only that exists
// (pi renames it at startup; X-17).
func (l *loader) promptsDir(base string) string {
	p := sources.Child(base, l.layout.PromptsDir)
	if l.layout.LegacyPromptsDir == "-" || sources.Exists(l.fsys, p) {
		return p
	}
	if legacy := sources.Child(base, l.layout.LegacyPromptsDir); sources.Exists(l.fsys, legacy) {
		return legacy
	}
	return p
}

// discoveryOff records the auto-discovered directories that were skipped.
func (l *loader) discoveryOff() {
	userAgents := sources.Child(l.home, l.layout.AgentsSkillsDir)
	for _, d := range append(l.projectAutoDirs(userAgents), l.userAutoDirs(userAgents)...) {
		if sources.Exists(l.fsys, d.dir) {
			l.rec.exclude(d.dir, ReasonDiscoveryOff, "")
		}
	}
}
