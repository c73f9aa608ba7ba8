package glob

import (
	"strings"

	"github.com/promptc/promptc/internal/lazyre"
	"github.com/promptc/promptc/internal/port/js/jsstr"
)

type tokKind int

const (
	tLit         tokKind = iota // one literal character
	tAny                        // ?
	tStar                       // * (possibly empty)
	tStarNoEmpty                // a segment made only of *: at least one character
	tClass                      // [...]
	tNever                      // a class that can match nothing poisons the segment
)

type token struct {
	kind tokKind
	r    rune
	cls  *class
}

// segment is one "/"-separated part of an expanded pattern.
type segment struct {
	globstar bool
	magic    bool
	literal  string // compared as is when !magic
	toks     []token
	noDot    bool // may not match a name starting with "."
	noTrav   bool // may not match "." or ".."
	fast     func(string) bool
}

// parseSegment is minimatch's parse() for one part without extglobs.
func parseSegment(glob string) segment {
	switch glob {
	case "**":
		return segment{globstar: true}
	case "":
		return segment{}
	}
	toks, magic := parseGlob(glob)
	seg := segment{magic: magic, toks: toks}
	if !magic {
		var b strings.Builder
		for _, t := range toks {
			b.WriteRune(t.r)
		}
		seg.literal = b.String()
		return seg
	}
	if glob != "." && glob != ".." {
		first := srcStart(toks, 0)
		switch {
		case litDot(toks, 0) && (srcStart(toks, 1) == '[' || srcStart(toks, 1) == '.'),
			litDot(toks, 0) && litDot(toks, 1) && (srcStart(toks, 2) == '[' || srcStart(toks, 2) == '.'):
			seg.noTrav = true
		case first == '[' || first == '.':
			seg.noDot = true
		}
	}
	seg.fast = fastTest(glob)
	return seg
}

// parseGlob tokenizes a part like AST.#parseGlob: escapes, "*" runs, "?"
// and classes. It reports whether anything is magic.
func parseGlob(glob string) ([]token, bool) {
	var toks []token
	magic := false
	onlyStars := strings.Trim(glob, "*") == ""
	escaping, inStar := false, false
	rs := []rune(glob)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if escaping {
			escaping = false
			toks = append(toks, token{kind: tLit, r: c})
			continue
		}
		if c == '*' {
			if inStar {
				continue
			}
			inStar, magic = true, true
			kind := tStar
			if onlyStars {
				kind = tStarNoEmpty
			}
			toks = append(toks, token{kind: kind})
			continue
		}
		inStar = false
		switch c {
		case '\\':
			if i == len(rs)-1 {
				toks = append(toks, token{kind: tLit, r: '\\'})
			} else {
				escaping = true
			}
			continue
		case '[':
			if tok, consumed, m := parseClass(rs, i); consumed > 0 {
				toks = append(toks, tok)
				magic = magic || m
				i += consumed - 1
				continue
			}
		case '?':
			toks = append(toks, token{kind: tAny})
			magic = true
			continue
		}
		toks = append(toks, token{kind: tLit, r: c})
	}
	return toks, magic
}

// srcStart is the first character of the regexp source minimatch builds
// for toks[i] (0 past the end); the dot rules look at it.
func srcStart(toks []token, i int) rune {
	if i >= len(toks) {
		return 0
	}
	switch t := toks[i]; t.kind {
	case tAny, tStar, tStarNoEmpty:
		return '['
	case tNever:
		return '$'
	case tClass:
		if t.cls.combined() {
			return '('
		}
		return '['
	default:
		if strings.ContainsRune("-[]{}()*+?.,\\^$|#", t.r) || jsstr.IsSpace(t.r) {
			return '\\'
		}
		return t.r
	}
}

func litDot(toks []token, i int) bool {
	return i < len(toks) && toks[i].kind == tLit && toks[i].r == '.'
}

func (s segment) test(f string) bool {
	if !s.magic {
		return f == s.literal
	}
	if s.fast != nil {
		return s.fast(f)
	}
	if s.noDot && strings.HasPrefix(f, ".") {
		return false
	}
	if s.noTrav && (f == "." || f == "..") {
		return false
	}
	return matchToks(s.toks, []rune(f))
}

func matchToks(toks []token, f []rune) bool {
	for len(toks) > 0 {
		t := toks[0]
		switch t.kind {
		case tStar, tStarNoEmpty:
			min := 0
			if t.kind == tStarNoEmpty {
				min = 1
			}
			for n := min; n <= len(f); n++ {
				if !noSlash(f[:n]) {
					return false
				}
				if matchToks(toks[1:], f[n:]) {
					return true
				}
			}
			return false
		case tNever:
			return false
		}
		if len(f) == 0 {
			return false
		}
		switch t.kind {
		case tLit:
			if f[0] != t.r {
				return false
			}
		case tAny:
			if f[0] == '/' {
				return false
			}
		case tClass:
			if !t.cls.match(f[0]) {
				return false
			}
		}
		toks, f = toks[1:], f[1:]
	}
	return len(f) == 0
}

func noSlash(rs []rune) bool {
	for _, r := range rs {
		if r == '/' {
			return false
		}
	}
	return true
}

var (
	starRE        = lazyre.New(`^\*+$`)
	starDotExtRE  = lazyre.New(`^\*+([^+@!?*\[(]*)$`)
	qmarksRE      = lazyre.New(`^\?+([^+@!?*\[(]*)?$`)
	starDotStarRE = lazyre.New(`^\*+\.\*+$`)
	dotStarRE     = lazyre.New(`^\.\*+$`)
)

// fastTest returns minimatch's shortcut test for the most common part
// shapes, which replaces the regexp test (and so decides edge cases such as
// "*\x" comparing the suffix "\x" literally).
func fastTest(glob string) func(string) bool {
	if starRE().MatchString(glob) {
		return func(f string) bool { return f != "" && !strings.HasPrefix(f, ".") }
	}
	if m := starDotExtRE().FindStringSubmatch(glob); m != nil {
		ext := m[1]
		return func(f string) bool { return !strings.HasPrefix(f, ".") && strings.HasSuffix(f, ext) }
	}
	if m := qmarksRE().FindStringSubmatch(glob); m != nil {
		n, ext := jsstr.Len(m[0]), m[1]
		return func(f string) bool {
			return jsstr.Len(f) == n && !strings.HasPrefix(f, ".") && strings.HasSuffix(f, ext)
		}
	}
	if starDotStarRE().MatchString(glob) {
		return func(f string) bool { return !strings.HasPrefix(f, ".") && strings.Contains(f, ".") }
	}
	if dotStarRE().MatchString(glob) {
		return func(f string) bool { return f != "." && f != ".." && strings.HasPrefix(f, ".") }
	}
	return nil
}
