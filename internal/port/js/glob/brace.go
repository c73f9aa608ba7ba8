package glob

import (
	"strconv"
	"strings"

	"github.com/promptc/promptc/internal/lazyre"
)

// Brace expansion as the brace-expansion package (v5, used by minimatch)
// does it, without its work budgets: results are capped at expansionMax and
// nesting at maxDepth, beyond which the rest stays literal.

const (
	expansionMax = 100_000
	maxDepth     = 1_000
	maxRewrites  = 1_000
)

// Sentinels for escaped characters while expanding; they contain no brace,
// comma, dot, dollar or digit, so none of the scans below sees them.
const (
	escSlash  = "\x00S\x00"
	escOpen   = "\x00O\x00"
	escClose  = "\x00C\x00"
	escComma  = "\x00M\x00"
	escPeriod = "\x00P\x00"
)

var (
	numericSeqRE = lazyre.New(`^-?\d+\.\.-?\d+(?:\.\.-?\d+)?$`)
	alphaSeqRE   = lazyre.New(`^[a-zA-Z]\.\.[a-zA-Z](?:\.\.-?\d+)?$`)
	paddedRE     = lazyre.New(`^-?0\d`)
)

// braceExpand is minimatch's braceExpand: patterns without a "{...}" pair
// (on one line, with no "{" inside) are returned as they are.
func braceExpand(pattern string) []string {
	if !hasBraceSet(pattern) {
		return []string{pattern}
	}
	return expand(pattern)
}

// hasBraceSet is /\{(?:(?!\{).)*\}/.test(s).
func hasBraceSet(s string) bool {
	rs := []rune(s)
	for i, r := range rs {
		if r != '{' {
			continue
		}
		for _, c := range rs[i+1:] {
			if c == '}' {
				return true
			}
			if c == '{' || isLineTerminator(c) {
				break
			}
		}
	}
	return false
}

func isLineTerminator(r rune) bool { return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029 }

func expand(str string) []string {
	if str == "" {
		return nil
	}
	if strings.HasPrefix(str, "{}") {
		str = `\{\}` + str[2:]
	}
	out := expandInner(escapeBraces(str), 0, true)
	for i, s := range out {
		out[i] = unescapeBraces(s)
	}
	return out
}

func escapeBraces(s string) string {
	s = strings.ReplaceAll(s, `\\`, escSlash)
	s = strings.ReplaceAll(s, `\{`, escOpen)
	s = strings.ReplaceAll(s, `\}`, escClose)
	s = strings.ReplaceAll(s, `\,`, escComma)
	return strings.ReplaceAll(s, `\.`, escPeriod)
}

func unescapeBraces(s string) string {
	s = strings.ReplaceAll(s, escSlash, `\`)
	s = strings.ReplaceAll(s, escOpen, "{")
	s = strings.ReplaceAll(s, escClose, "}")
	s = strings.ReplaceAll(s, escComma, ",")
	return strings.ReplaceAll(s, escPeriod, ".")
}

type braceMatch struct {
	end             int
	pre, body, post string
	unmatched       bool
}

// balanced finds the first balanced "{...}" of masked and slices str (of
// the same length) with it.
func balanced(str, masked string) (braceMatch, bool) {
	l, r, ok := braceRange(masked)
	if !ok {
		return braceMatch{}, false
	}
	return braceMatch{
		end:       r,
		pre:       str[:l],
		body:      str[l+1 : r],
		post:      str[r+1:],
		unmatched: strings.IndexByte(masked, '{') < l,
	}, true
}

// braceRange is balanced-match's range("{", "}", s).
func braceRange(s string) (int, int, bool) {
	indexFrom := func(c byte, from int) int {
		if from >= len(s) {
			return -1
		}
		if from < 0 {
			from = 0
		}
		if i := strings.IndexByte(s[from:], c); i >= 0 {
			return from + i
		}
		return -1
	}
	ai := indexFrom('{', 0)
	bi := indexFrom('}', ai+1)
	if ai < 0 || bi <= 0 {
		return 0, 0, false
	}
	var begs []int
	left, right := len(s), -1
	i := ai
	for i >= 0 {
		if i == ai {
			begs = append(begs, i)
			ai = indexFrom('{', i+1)
		} else if len(begs) == 1 {
			return begs[0], bi, true
		} else {
			if n := len(begs); n > 0 {
				beg := begs[n-1]
				begs = begs[:n-1]
				if beg < left {
					left, right = beg, bi
				}
			}
			bi = indexFrom('}', i+1)
		}
		if ai < bi && ai >= 0 {
			i = ai
		} else {
			i = bi
		}
	}
	if len(begs) > 0 && right >= 0 {
		return left, right, true
	}
	return 0, 0, false
}

// maskUnmatchedOpens replaces every "{" without a partner by "\x00".
func maskUnmatchedOpens(masked string) string {
	var open []int
	for i := 0; i < len(masked); i++ {
		switch masked[i] {
		case '{':
			open = append(open, i)
		case '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	b := []byte(masked)
	for _, at := range open {
		b[at] = 0
	}
	return string(b)
}

// commaSetFollows is /,(?!,).*\}/.test(s).
func commaSetFollows(s string) bool {
	rs := []rune(s)
	closeSeen := false
	for i := len(rs) - 1; i >= 0; i-- {
		switch c := rs[i]; {
		case c == '}':
			closeSeen = true
		case isLineTerminator(c):
			closeSeen = false
		case c == ',' && closeSeen && (i+1 >= len(rs) || rs[i+1] != ','):
			return true
		}
	}
	return false
}

func parseCommaParts(str string) []string {
	var parts []string
	carry := ""
	for {
		m, ok := balanced(str, str)
		if !ok {
			tail := strings.Split(str, ",")
			tail[0] = carry + tail[0]
			return append(parts, tail...)
		}
		p := strings.Split(m.pre, ",")
		p[0] = carry + p[0]
		p[len(p)-1] += "{" + m.body + "}"
		if m.post == "" {
			return append(parts, p...)
		}
		carry = p[len(p)-1]
		parts = append(parts, p[:len(p)-1]...)
		str = m.post
	}
}

func combine(acc []string, pre string, values []string, dropEmpties bool) []string {
	var out []string
	for _, a := range acc {
		prefix := a + pre
		for _, v := range values {
			if dropEmpties && prefix == "" && v == "" {
				continue
			}
			if len(out) >= expansionMax {
				return out
			}
			out = append(out, prefix+v)
		}
	}
	return out
}

func expandInner(str string, depth int, isTop bool) []string {
	if depth > maxDepth {
		return []string{str}
	}
	acc := []string{""}
	rewrites := 0
	dropEmpties, firstGroup := false, true
	masked := str
	for {
		m, ok := balanced(str, masked)
		if !ok {
			return combine(acc, str, []string{""}, dropEmpties)
		}
		if m.unmatched {
			masked = maskUnmatchedOpens(masked)
		}
		pre := m.pre
		next := func() bool {
			if m.post == "" {
				return false
			}
			str, masked = m.post, masked[m.end+1:]
			return true
		}
		if strings.HasSuffix(pre, "$") {
			acc = combine(acc, pre+"{"+m.body+"}", []string{""}, dropEmpties && m.post == "")
			firstGroup = false
			if !next() {
				return acc
			}
			continue
		}
		isAlpha := alphaSeqRE().MatchString(m.body)
		isSeq := numericSeqRE().MatchString(m.body) || isAlpha
		if !isSeq && !strings.Contains(m.body, ",") {
			if rewrites < maxRewrites && commaSetFollows(m.post) {
				// {a},b} expands like bash: the inner "}" is literal
				rewrites++
				str = m.pre + "{" + m.body + escClose + m.post
				masked = masked[:m.end] + escClose + masked[m.end+1:]
				isTop = true
				continue
			}
			return combine(acc, pre+"{"+m.body+"}"+m.post, []string{""}, dropEmpties)
		}
		if firstGroup {
			dropEmpties = isTop && !isSeq
			firstGroup = false
		}
		var values []string
		if isSeq {
			values = expandSequence(m.body, isAlpha)
		} else {
			n := parseCommaParts(m.body)
			if len(n) == 1 {
				inner := expandInner(n[0], depth+1, false)
				n = n[:0]
				for _, s := range inner {
					n = append(n, "{"+s+"}")
				}
				if len(n) == 1 {
					acc = combine(acc, pre+n[0], []string{""}, dropEmpties && m.post == "")
					if !next() {
						return acc
					}
					continue
				}
			}
			dropsEmpties := dropEmpties && m.post == "" && pre == ""
			for _, a := range acc {
				if a != "" {
					dropsEmpties = false
				}
			}
		parts:
			for _, part := range n {
				for _, v := range expandInner(part, depth+1, false) {
					if dropsEmpties && v == "" {
						continue
					}
					if len(values) >= expansionMax {
						break parts
					}
					values = append(values, v)
				}
			}
		}
		acc = combine(acc, pre, values, dropEmpties && m.post == "")
		if !next() {
			return acc
		}
	}
}

// numeric is brace-expansion's numeric(): a number, or the first
// character's code for letters.
func numeric(s string) int64 {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return int64(f)
	}
	return int64([]rune(s)[0])
}

func expandSequence(body string, isAlpha bool) []string {
	n := strings.Split(body, "..")
	x, y := numeric(n[0]), numeric(n[1])
	width := max(len(n[0]), len(n[1]))
	incr := int64(1)
	if len(n) == 3 {
		incr = max(abs(numeric(n[2])), 1)
	}
	reverse := y < x
	if reverse {
		incr = -incr
	}
	pad := false
	for _, el := range n {
		pad = pad || paddedRE().MatchString(el)
	}
	var out []string
	for i := x; (reverse && i >= y || !reverse && i <= y) && len(out) < expansionMax; i += incr {
		var c string
		if isAlpha {
			c = string(rune(i))
			if c == `\` {
				c = ""
			}
		} else {
			c = strconv.FormatInt(i, 10)
			if pad {
				if need := width - len(c); need > 0 {
					z := strings.Repeat("0", need)
					if i < 0 {
						c = "-" + z + c[1:]
					} else {
						c = z + c
					}
				}
			}
		}
		out = append(out, c)
	}
	return out
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}
