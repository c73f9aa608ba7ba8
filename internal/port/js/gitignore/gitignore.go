// Package gitignore matches relative paths against gitignore rules exactly as
// the npm "ignore" package (v7, default options) does, which is what pi uses
// to honour .gitignore/.ignore/.fdignore files while discovering skills and
// prompt templates (pi spec SKL-D6, TPL-D2).
//
// A [Matcher] accumulates rules like one ignore() instance: later rules win,
// "!" negates, a path whose parent directory is ignored stays ignored, and
// matching is case-insensitive. Each rule is translated to a regular
// expression through the same sequence of rewrites the npm package applies
// (including its quirks: "**" runs collapse, "[!x]" is not a negated class,
// an escaped trailing "*" is still a wildcard, ...), and the resulting
// JavaScript regular expression is converted to Go syntax.
//
// [PrefixPattern] and [Lines] implement pi's own preprocessing of ignore
// files found below the walk root (prefixIgnorePattern), including the quirk
// that a leading "/" is dropped before the directory prefix is added.
//
// Known differences from the JavaScript original, all outside realistic
// ignore files: case folding uses Go's Unicode simple folding (JavaScript's
// non-unicode "i" flag does not fold e.g. U+212A KELVIN SIGN to "k"), and
// "?"/"[...]" match one Unicode code point where JavaScript matches one
// UTF-16 code unit.
//
// The package is pure: no I/O, no global mutable state. A Matcher is not
// safe for concurrent mutation; Ignores may be called concurrently once no
// more rules are added.
package gitignore

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// Rule is one compiled ignore rule.
type Rule struct {
	// Pattern is the line as it was added (with its "!" if negated).
	Pattern string
	// Negative reports a "!" rule, which re-includes what it matches.
	Negative bool
	re       *regexp.Regexp // nil when the rule can never match
	// literal is lowercase ASCII text every path the rule matches
	// contains (a run of the pattern's literal characters; "" for none):
	// a path without it skips the regexp.
	literal string
}

// Matcher is an ordered set of rules, the equivalent of one ignore()
// instance. The zero value is ready to use and ignores nothing. Tests
// remember verdicts on parent directories, so a Matcher is not safe for
// concurrent use.
type Matcher struct {
	rules []Rule
	// parents remembers the verdicts on parent directories under the
	// current rules (ignore's cache, cleared when rules are added): the
	// files of one directory share them.
	parents map[string]result
}

// New returns an empty Matcher.
func New() *Matcher { return &Matcher{} }

// Add appends patterns, one rule per element, in order. Elements that the
// npm package rejects are skipped: empty strings, blank (JS white space
// only) strings, strings ending in a single unescaped backslash and
// comments (starting with "#"). It reports whether any rule was added.
func (m *Matcher) Add(patterns ...string) bool {
	added := false
	for _, p := range patterns {
		if !validPattern(p) {
			continue
		}
		m.rules = append(m.rules, compileRule(p))
		added = true
		m.parents = nil
	}
	return added
}

// AddText adds the lines of text (split on "\n" or "\r\n", empty lines
// dropped), as ignore().add(string) does.
func (m *Matcher) AddText(text string) bool {
	var lines []string
	for _, l := range splitLines(text) {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return m.Add(lines...)
}

// Len is the number of rules, which is what one Match costs.
func (m *Matcher) Len() int { return len(m.rules) }

// Rules returns the rules added so far.
func (m *Matcher) Rules() []Rule { return append([]Rule(nil), m.rules...) }

// Ignores reports whether the relative, slash-separated path rel is
// ignored. Directories are tested with a trailing "/" ("sub/"), files
// without. Paths the npm package refuses ("", absolute, "./x", "../x", "."
// and "..") are reported as not ignored.
func (m *Matcher) Ignores(rel string) bool {
	ignored, _ := m.Match(rel)
	return ignored
}

// Match is [Matcher.Ignores] that also returns the pattern of the rule that
// decided (empty when the path is not ignored).
func (m *Matcher) Match(rel string) (ignored bool, pattern string) {
	if !validPath(rel) {
		return false, ""
	}
	r := m.test(rel)
	return r.ignored, r.rule
}

type result struct {
	ignored, unignored bool
	rule               string
}

// test mirrors ignore's _t: every parent directory ("a/", "a/b/") is tested
// first, and an ignored parent decides for everything below it.
func (m *Matcher) test(path string) result {
	slices := strings.Split(path, "/")
	parts := slices[:0:0]
	for _, s := range slices {
		if s != "" {
			parts = append(parts, s)
		}
	}
	// Without empty parts (but a trailing one) each parent is a prefix.
	prefixes := len(parts) == len(slices) || len(parts) == len(slices)-1 && slices[len(slices)-1] == ""
	n := -1 // length of parts[:i] joined by "/"
	for i := 1; i < len(parts); i++ {
		n += len(parts[i-1]) + 1
		parent := path[:min(n+1, len(path))]
		if !prefixes {
			parent = strings.Join(parts[:i], "/") + "/"
		}
		r, ok := m.parents[parent]
		if !ok {
			r = m.testOne(parent)
			if m.parents == nil {
				m.parents = map[string]result{}
			}
			m.parents[parent] = r
		}
		if r.ignored {
			return r
		}
	}
	return m.testOne(path)
}

// testOne is RuleManager.test(path, checkUnignored=false): the last rule
// that matches decides, with the npm package's short cuts (a negative rule
// is only evaluated once something is ignored).
func (m *Matcher) testOne(path string) result {
	var r result
	folded, prefilter := foldedPath(path)
	for _, rule := range m.rules {
		neg := rule.Negative
		if (r.unignored == neg && r.ignored != r.unignored) || (neg && !r.ignored && !r.unignored) {
			continue
		}
		if rule.re == nil || prefilter && !strings.Contains(folded, rule.literal) || !rule.re.MatchString(path) {
			continue
		}
		r.ignored, r.unignored = !neg, neg
		if neg {
			r.rule = ""
		} else {
			r.rule = rule.Pattern
		}
	}
	return r
}

// validPattern is ignore's checkPattern.
func validPattern(p string) bool {
	if p == "" || !jsstr.HasNonSpace(p) || strings.HasPrefix(p, "#") {
		return false
	}
	// REGEX_INVALID_TRAILING_BACKSLASH = /(?:[^\\]|^)\\$/
	if strings.HasSuffix(p, `\`) && (len(p) == 1 || p[len(p)-2] != '\\') {
		return false
	}
	return true
}

// validPath rejects what ignore's checkPath throws on.
func validPath(p string) bool {
	switch {
	case p == "", p == ".", p == "..":
		return false
	case strings.HasPrefix(p, "/"), strings.HasPrefix(p, "./"), strings.HasPrefix(p, "../"):
		return false
	}
	return true
}

func compileRule(pattern string) Rule {
	body := pattern
	neg := false
	if strings.HasPrefix(body, "!") {
		neg = true
		body = body[1:]
	}
	if strings.HasPrefix(body, `\!`) {
		body = "!" + body[2:]
	} else if strings.HasPrefix(body, `\#`) {
		body = "#" + body[2:]
	}
	src := trailingWildcard(makeRegexPrefix(body))
	re, err := regexp.Compile("(?i)" + goRegexp(src))
	if err != nil {
		re = nil // a rule Go cannot express never matches
	}
	return Rule{Pattern: pattern, Negative: neg, re: re, literal: requiredLiteral(body)}
}

// requiredLiteral returns the longest run (of at least three) of letters,
// digits, ".", "_" and "-" in a pattern body outside bracket expressions,
// lowercased: the rule's regexp spells each such character as itself, so
// a match contains the run (ASCII case folded; foldedPath leaves paths
// with other bytes to the regexp).
func requiredLiteral(body string) string {
	best, start := "", -1
	flush := func(end int) {
		if start >= 0 && end-start >= 3 && end-start > len(best) {
			best = body[start:end]
		}
		start = -1
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '[':
			flush(i)
			j := strings.IndexByte(body[i+1:], ']')
			if j < 0 {
				return strings.ToLower(best)
			}
			i += j + 1
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-':
			if start < 0 {
				start = i
			}
		default:
			flush(i)
		}
	}
	flush(len(body))
	return strings.ToLower(best)
}

// foldedPath is path lowercased for the rules' literals, or ok false when
// it holds non-ASCII bytes (Unicode case folding: the regexps decide).
func foldedPath(path string) (folded string, ok bool) {
	upper := false
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c >= utf8.RuneSelf {
			return "", false
		}
		upper = upper || c >= 'A' && c <= 'Z'
	}
	if !upper {
		return path, true
	}
	return strings.ToLower(path), true
}

// splitLines splits on /\r?\n/.
func splitLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines[:len(lines)-1] {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
