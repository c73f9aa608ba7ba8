package piresources

import (
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/internal/port/js/glob"
)

// isPattern reports whether a settings list entry is a pattern rather than
// a path: "!x" (exclude), "+x" (force include), "-x" (force exclude) or a
// glob containing "*" or "?" (SKL-D12).
func isPattern(s string) bool {
	return strings.HasPrefix(s, "!") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") ||
		strings.ContainsAny(s, "*?")
}

func splitPatterns(entries []string) (plain, patterns []string) {
	for _, e := range entries {
		if isPattern(e) {
			patterns = append(patterns, e)
		} else {
			plain = append(plain, e)
		}
	}
	return plain, patterns
}

func (l *loader) glob(p string) *glob.Pattern {
	g, ok := l.globs[p]
	if !ok {
		g = glob.Compile(p)
		l.globs[p] = g
	}
	return g
}

// matchAny is pi's matchesAnyPattern: a file matches by its path relative
// to base, its name or its absolute path; a SKILL.md also by its
// directory's relative path, name or absolute path. It returns the first
// matching pattern.
func (l *loader) matchAny(file string, patterns []string, base string) (string, bool) {
	rel, name := relative(base, file), path.Base(file)
	skill := name == l.layout.SkillFile
	dir := path.Dir(file)
	for _, p := range patterns {
		g := l.glob(p)
		if g.Match(rel) || g.Match(name) || g.Match(file) {
			return p, true
		}
		if skill && (g.Match(relative(base, dir)) || g.Match(baseName(dir)) || g.Match(dir)) {
			return p, true
		}
	}
	return "", false
}

// matchExact is pi's matchesAnyExactPattern for "+"/"-" entries: plain
// string comparison ("./" stripped) with the relative and absolute path
// (and, for a SKILL.md, its directory's), never a bare name.
func (l *loader) matchExact(file string, patterns []string, base string) (string, bool) {
	rel := relative(base, file)
	skill := path.Base(file) == l.layout.SkillFile
	dir := path.Dir(file)
	for _, p := range patterns {
		n := strings.TrimPrefix(strings.TrimPrefix(p, "./"), `.\`)
		if n == rel || n == file || skill && (n == relative(base, dir) || n == dir) {
			return p, true
		}
	}
	return "", false
}

type patternSet struct {
	includes, excludes, forceIncludes, forceExcludes []string
}

func newPatternSet(patterns []string) patternSet {
	var s patternSet
	for _, p := range patterns {
		switch {
		case strings.HasPrefix(p, "+"):
			s.forceIncludes = append(s.forceIncludes, p[1:])
		case strings.HasPrefix(p, "-"):
			s.forceExcludes = append(s.forceExcludes, p[1:])
		case strings.HasPrefix(p, "!"):
			s.excludes = append(s.excludes, p[1:])
		default:
			s.includes = append(s.includes, p)
		}
	}
	return s
}

// applyPatterns is pi's applyPatterns over the files found under a list's
// plain entries: includes (all files when there are none), then "!"
// excludes, then "+" force-includes, then "-" force-excludes. It returns
// the reason each disabled file was disabled; files not in the map are
// enabled.
func (l *loader) applyPatterns(files, patterns []string, base, where string) map[string]string {
	s := newPatternSet(patterns)
	off := map[string]string{}
	if len(s.includes) > 0 {
		for _, f := range files {
			if _, ok := l.matchAny(f, s.includes, base); !ok {
				off[f] = fmt.Sprintf("not matched by any include pattern %q%s", s.includes, where)
			}
		}
	}
	for _, f := range files {
		if _, gone := off[f]; gone {
			continue
		}
		if p, ok := l.matchAny(f, s.excludes, base); ok {
			off[f] = fmt.Sprintf("%q%s", "!"+p, where)
		}
	}
	for _, f := range files {
		if _, gone := off[f]; gone {
			if _, ok := l.matchExact(f, s.forceIncludes, base); ok {
				delete(off, f)
			}
		}
	}
	for _, f := range files {
		if _, gone := off[f]; !gone {
			if p, ok := l.matchExact(f, s.forceExcludes, base); ok {
				off[f] = fmt.Sprintf("%q%s", "-"+p, where)
			}
		}
	}
	return off
}

// overrides is pi's isEnabledByOverrides for auto-discovered files: only
// "!", "+" and "-" entries count, applied in that order (SKL-D12). It
// returns "" when the file stays enabled, else why it was disabled.
func (l *loader) overrides(file string, patterns []string, base, where string) string {
	var only []string
	for _, p := range patterns {
		if strings.HasPrefix(p, "!") || strings.HasPrefix(p, "+") || strings.HasPrefix(p, "-") {
			only = append(only, p)
		}
	}
	s := newPatternSet(only)
	why := ""
	if p, ok := l.matchAny(file, s.excludes, base); ok {
		why = fmt.Sprintf("%q%s", "!"+p, where)
	}
	if _, ok := l.matchExact(file, s.forceIncludes, base); ok {
		why = ""
	}
	if p, ok := l.matchExact(file, s.forceExcludes, base); ok {
		why = fmt.Sprintf("%q%s", "-"+p, where)
	}
	return why
}
