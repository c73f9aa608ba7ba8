package gitignore

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// makeRegexPrefix applies the npm ignore package's REPLACERS, in order, to a
// rule body and returns JavaScript regular-expression source. Each step
// reproduces one JavaScript String.replace call, including where a global
// regular expression resumes scanning after a match.
func makeRegexPrefix(body string) string {
	s := strings.TrimPrefix(body, "\uFEFF")
	s = trimTrailingSpaces(s)
	s = escapedSpaces(s)
	s = escapeMeta(s)
	s = strings.ReplaceAll(s, "?", "[^/]")
	if strings.HasPrefix(s, "/") {
		s = "^" + s[1:]
	}
	s = strings.ReplaceAll(s, "/", `\/`)
	s = leadingGlobstar(s)
	if s != "" && s[0] != '^' {
		if hasInnerSlash(body) {
			s = "^" + s
		} else {
			s = `(?:^|\/)` + s
		}
	}
	s = globstars(s)
	s = intermediateStars(s)
	s = unescapeMeta(s)
	s = strings.ReplaceAll(s, `\\`, `\`)
	s = ranges(s)
	return ending(s)
}

// trimTrailingSpaces is /((?:\\\\)*?)(\\?\s+)$/ → m1 + (m2 starts with "\" ? " " : ""):
// trailing white space goes unless an odd backslash run escapes it, in
// which case one space stays and the escaping backslash goes.
func trimTrailingSpaces(s string) string {
	w := len(strings.TrimRightFunc(s, jsstr.IsSpace))
	if w == len(s) {
		return s
	}
	b := 0
	for w-b-1 >= 0 && s[w-b-1] == '\\' {
		b++
	}
	if b%2 == 0 {
		return s[:w]
	}
	return s[:w-1] + " "
}

// escapedSpaces is /(\\+?)\s/g → even part of the backslash run + " ".
func escapedSpaces(s string) string {
	var out strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			out.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '\\' {
			j++
		}
		r, size := utf8.DecodeRuneInString(s[j:])
		if j < len(s) && jsstr.IsSpace(r) {
			n := j - i
			out.WriteString(strings.Repeat(`\`, n-n%2))
			out.WriteByte(' ')
			i = j + size
			continue
		}
		out.WriteString(s[i:j])
		i = j
	}
	return out.String()
}

// escapeMeta is /[\\$.|*+(){^]/g → "\" + match.
func escapeMeta(s string) string {
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`\$.|*+(){^`, s[i]) >= 0 {
			out.WriteByte('\\')
		}
		out.WriteByte(s[i])
	}
	return out.String()
}

// leadingGlobstar is /^\^*\\\*\\\*\\\// → "^(?:.*\/)?".
func leadingGlobstar(s string) string {
	t := strings.TrimLeft(s, "^")
	if strings.HasPrefix(t, `\*\*\/`) {
		return `^(?:.*\/)?` + t[len(`\*\*\/`):]
	}
	return s
}

// hasInnerSlash is /\/(?!$)/.test(body): a slash that is not the last
// character.
func hasInnerSlash(body string) bool {
	i := strings.IndexByte(body, '/')
	return i >= 0 && i != len(body)-1
}

// globstars is /\\\/\\\*\\\*(?=\\\/|$)/g: "/**/" → zero or more
// directories, a final "/**" → everything inside.
func globstars(s string) string {
	const gs = `\/\*\*`
	var out strings.Builder
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], gs) && (i+len(gs) == len(s) || strings.HasPrefix(s[i+len(gs):], `\/`)) {
			if i+len(gs) < len(s) {
				out.WriteString(`(?:\/[^\/]+)*`)
			} else {
				out.WriteString(`\/.+`)
			}
			i += len(gs)
			continue
		}
		out.WriteByte(s[i])
		i++
	}
	return out.String()
}

// intermediateStars is /(^|[^\\]+)(\\\*)+(?=.+)/g → p1 + "[^\/]*": a run of
// "*" that is followed by something becomes one "[^/]*".
func intermediateStars(s string) string {
	var out strings.Builder
	for p := 0; p < len(s); {
		if q, end, ok := starRunAt(s, p); ok {
			out.WriteString(s[p:q])
			out.WriteString(`[^\/]*`)
			p = end
			continue
		}
		out.WriteByte(s[p])
		p++
	}
	return out.String()
}

// starRunAt tries the intermediate-star regexp at p. q is where the stars
// start, end where the match ends.
func starRunAt(s string, p int) (q, end int, ok bool) {
	try := func(q int) (int, bool) {
		k := 0
		for strings.HasPrefix(s[q+2*k:], `\*`) {
			k++
		}
		for j := k; j >= 1; j-- { // greedy, backtracking until (?=.+) holds
			if after := q + 2*j; after < len(s) && !lineTerminatorAt(s, after) {
				return after, true
			}
		}
		return 0, false
	}
	if p == 0 {
		if end, ok := try(0); ok {
			return 0, end, true
		}
	}
	q = p
	for q < len(s) && s[q] != '\\' {
		q++
	}
	if q == p {
		return 0, 0, false
	}
	if end, ok := try(q); ok {
		return q, end, true
	}
	return 0, 0, false
}

func lineTerminatorAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029
}

// unescapeMeta is /\\\\\\(?=[$.|*+(){^])/g → "\": a backslash-escaped
// metacharacter in the rule stays escaped.
func unescapeMeta(s string) string {
	var out strings.Builder
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], `\\\`) && i+3 < len(s) && strings.IndexByte(`$.|*+(){^`, s[i+3]) >= 0 {
			out.WriteByte('\\')
			i += 3
			continue
		}
		out.WriteByte(s[i])
		i++
	}
	return out.String()
}

// ranges is /(\\)?\[([^\]/]*?)(\\*)($|\])/g with ignore's replacement:
// valid "[...]" classes are kept (out-of-order ranges dropped), escaped ones
// stay literal and broken ones become the empty class "[]".
func ranges(s string) string {
	var out strings.Builder
	for p := 0; p < len(s); {
		if repl, end, ok := rangeAt(s, p); ok {
			out.WriteString(repl)
			p = end
			continue
		}
		out.WriteByte(s[p])
		p++
	}
	return out.String()
}

func rangeAt(s string, p int) (repl string, end int, ok bool) {
	lead := false
	q := p
	if s[q] == '\\' {
		lead = true
		q++
	}
	if q >= len(s) || s[q] != '[' {
		return "", 0, false
	}
	q++
	for l := 0; ; l++ {
		j := q + l
		e := j
		for e < len(s) && s[e] == '\\' {
			e++
		}
		closeBracket := e < len(s) && s[e] == ']'
		if e == len(s) || closeBracket {
			rng, esc := s[q:j], s[j:e]
			end = e
			close := ""
			if closeBracket {
				end, close = e+1, "]"
			}
			switch {
			case lead:
				return `\[` + rng + esc[:len(esc)-len(esc)%2] + close, end, true
			case closeBracket && len(esc)%2 == 0:
				return "[" + sanitizeRange(rng) + esc + "]", end, true
			default:
				return "[]", end, true
			}
		}
		if j >= len(s) || s[j] == ']' || s[j] == '/' {
			return "", 0, false
		}
	}
}

// sanitizeRange is /([0-z])-([0-z])/g: ranges out of order are removed.
func sanitizeRange(r string) string {
	in := func(c byte) bool { return c >= '0' && c <= 'z' }
	var out strings.Builder
	for i := 0; i < len(r); {
		if i+2 < len(r) && in(r[i]) && r[i+1] == '-' && in(r[i+2]) {
			if r[i] <= r[i+2] {
				out.WriteString(r[i : i+3])
			}
			i += 3
			continue
		}
		out.WriteByte(r[i])
		i++
	}
	return out.String()
}

// ending is /(?:[^*])$/: a rule ending in "/" only matches directories
// ("...\/$"), any other rule matches the path or a directory path.
func ending(s string) string {
	if s == "" || s[len(s)-1] == '*' {
		return s
	}
	if s[len(s)-1] == '/' {
		return s + "$"
	}
	return s + `(?=$|\/$)`
}

// trailingWildcard is ignore's MODE_IGNORE rewrite of a final "\*":
// /(^|\\\/)?\\\*$/ → "[^/]*" or, after a slash, "\/[^/]+" (so "abc/*" does
// not match "abc/").
func trailingWildcard(s string) string {
	if !strings.HasSuffix(s, `\*`) {
		return s
	}
	n := len(s)
	if n >= 4 && s[n-4:n-2] == `\/` {
		return s[:n-4] + `\/[^/]+(?=$|\/$)`
	}
	return s[:n-2] + `[^/]*(?=$|\/$)`
}
