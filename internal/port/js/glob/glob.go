// Package glob matches paths against glob patterns the way the npm
// minimatch package (v10, default options) does, for the pattern entries of
// pi's settings files (pi spec SKL-D12, X-7, X-9, X-10, X-11).
//
// Supported, with minimatch's semantics:
//   - a leading "#" makes a comment that matches nothing; the empty pattern
//     matches only the empty path;
//   - leading "!" characters negate the pattern (each one toggles);
//   - brace expansion as the brace-expansion package does it: "{a,b}",
//     nested sets, numeric and letter sequences "{1..10..2}", "{a..e}",
//     zero padding "{01..10}", "\{" escapes, the "${...}" exception;
//   - "*" (any run of characters within one path segment), "?" (one
//     character), runs of "*" collapsing into one;
//   - "**" as a whole segment: any number of segments (globstar);
//   - "[...]" classes with "!" or "^" negation, ranges, backslash escapes
//     and POSIX classes such as "[:alpha:]";
//   - backslash escapes outside classes;
//   - the dot rules: "*", "?", classes and "**" never match a segment that
//     starts with "." (dot: false), "." and ".." are never matched by a
//     pattern that only might match them, and a pattern ending in "/**"
//     needs at least one more segment;
//   - minimatch's shortcut tests for "*", "*.ext", "???" and ".*" segments
//     and its ".." folding in patterns ("a/../b" is "b").
//
// Not supported: extglobs ("@(a|b)", "!(x)", "+(…)", "*(…)", "?(…)") are
// matched as if minimatch's noext option were set; character positions are
// Unicode code points (minimatch counts UTF-16 units outside POSIX classes);
// an escaped "|" is a literal "|" (minimatch turns it into a regexp
// alternation). Matching is case-sensitive and "/" is the only separator.
//
// The package is pure and has no global mutable state; a compiled [Pattern]
// is safe for concurrent use.
package glob

import "strings"

// Pattern is a compiled glob.
type Pattern struct {
	src     string
	comment bool
	empty   bool
	negate  bool
	set     [][]segment
}

// Compile parses pattern. It never fails: like minimatch, malformed parts
// (an unclosed "[", an unmatched "{") are taken literally.
func Compile(pattern string) *Pattern {
	p := &Pattern{src: pattern}
	if strings.HasPrefix(pattern, "#") {
		p.comment = true
		return p
	}
	if pattern == "" {
		p.empty = true
		return p
	}
	n := 0
	for n < len(pattern) && pattern[n] == '!' {
		p.negate = !p.negate
		n++
	}
	pattern = pattern[n:]
	seen := map[string]bool{}
	for _, g := range braceExpand(pattern) {
		if seen[g] {
			continue
		}
		seen[g] = true
		parts := levelOneOptimize(slashSplit(g))
		segs := make([]segment, len(parts))
		for i, part := range parts {
			segs[i] = parseSegment(part)
		}
		p.set = append(p.set, segs)
	}
	return p
}

// String returns the pattern as given to Compile.
func (p *Pattern) String() string { return p.src }

// Match reports whether path matches, as minimatch(path, pattern) does.
func (p *Pattern) Match(path string) bool {
	switch {
	case p.comment:
		return false
	case p.empty:
		return path == ""
	}
	file := slashSplit(path)
	for _, segs := range p.set {
		if matchOne(file, segs) {
			return !p.negate
		}
	}
	return p.negate
}

// Match compiles pattern and matches path against it.
func Match(pattern, path string) bool { return Compile(pattern).Match(path) }

// slashSplit is s.split(/\/+/).
func slashSplit(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		if s[i] != '/' {
			i++
			continue
		}
		out = append(out, s[start:i])
		for i < len(s) && s[i] == '/' {
			i++
		}
		start = i
	}
	return append(out, s[start:])
}

// levelOneOptimize drops repeated "**" parts and folds "x/.." pairs.
func levelOneOptimize(parts []string) []string {
	var set []string
	for _, part := range parts {
		prev := ""
		if len(set) > 0 {
			prev = set[len(set)-1]
		}
		if part == "**" && prev == "**" && len(set) > 0 {
			continue
		}
		if part == ".." && prev != "" && prev != ".." && prev != "." && prev != "**" {
			set = set[:len(set)-1]
			continue
		}
		set = append(set, part)
	}
	if len(set) == 0 {
		return []string{""}
	}
	return set
}
