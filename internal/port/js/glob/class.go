package glob

import (
	"strings"
	"unicode"
)

// class is a compiled "[...]" expression: literal ranges and positive POSIX
// classes on one side, negated POSIX classes ("[:graph:]") on the other,
// combined the way minimatch's parseClass builds its regexp.
type class struct {
	negate bool
	ranges [][2]rune
	pos    []func(rune) bool
	neg    []func(rune) bool
}

func (c *class) combined() bool { return (len(c.ranges) > 0 || len(c.pos) > 0) && len(c.neg) > 0 }

func (c *class) match(r rune) bool {
	in := false
	for _, rg := range c.ranges {
		if r >= rg[0] && r <= rg[1] {
			in = true
			break
		}
	}
	for _, f := range c.pos {
		in = in || f(r)
	}
	inNeg := false
	for _, f := range c.neg {
		inNeg = inNeg || f(r)
	}
	hasPos := len(c.ranges) > 0 || len(c.pos) > 0
	switch {
	case hasPos && len(c.neg) > 0:
		return in != c.negate || inNeg == c.negate
	case hasPos:
		return in != c.negate
	default:
		return inNeg == c.negate
	}
}

type posixClass struct {
	name string
	fn   func(rune) bool
	neg  bool
}

func is(tables ...*unicode.RangeTable) func(rune) bool {
	return func(r rune) bool { return unicode.IsOneOf(tables, r) }
}

// posixClasses is minimatch's table, in its order, with the same Unicode
// properties (including its reading of [:print:] as \p{C}).
var posixClasses = []posixClass{
	{"[:alnum:]", is(unicode.L, unicode.Nl, unicode.Nd), false},
	{"[:alpha:]", is(unicode.L, unicode.Nl), false},
	{"[:ascii:]", func(r rune) bool { return r <= 0x7f }, false},
	{"[:blank:]", func(r rune) bool { return r == '\t' || unicode.Is(unicode.Zs, r) }, false},
	{"[:cntrl:]", is(unicode.Cc), false},
	{"[:digit:]", is(unicode.Nd), false},
	{"[:graph:]", is(unicode.Z, unicode.C), true},
	{"[:lower:]", is(unicode.Ll), false},
	{"[:print:]", is(unicode.C), false},
	{"[:punct:]", is(unicode.P), false},
	{"[:space:]", func(r rune) bool { return strings.ContainsRune("\t\r\n\v\f", r) || unicode.Is(unicode.Z, r) }, false},
	{"[:upper:]", is(unicode.Lu), false},
	{"[:word:]", is(unicode.L, unicode.Nl, unicode.Nd, unicode.Pc), false},
	{"[:xdigit:]", func(r rune) bool { return r >= 'A' && r <= 'F' || r >= 'a' && r <= 'f' || r >= '0' && r <= '9' }, false},
}

// parseClass ports minimatch's parseClass for the class starting at
// rs[pos] == '['. consumed is 0 when it is not a class (then "[" is a
// literal); a class that can match nothing yields tNever and consumes the
// rest of the part; a one-character class is a literal and not magic.
func parseClass(rs []rune, pos int) (tok token, consumed int, magic bool) {
	c := &class{}
	i := pos + 1
	sawStart, escaping := false, false
	endPos := pos
	var rangeStart rune = -1
	single := 0 // number of entries, to spot a one-character class
	var only rune
	add := func(lo, hi rune) {
		c.ranges = append(c.ranges, [2]rune{lo, hi})
		single++
		only = lo
		if lo != hi {
			single += 1000 // a real range is never a literal
		}
	}
loop:
	for i < len(rs) {
		ch := rs[i]
		if (ch == '!' || ch == '^') && i == pos+1 {
			c.negate = true
			i++
			continue
		}
		if ch == ']' && sawStart && !escaping {
			endPos = i + 1
			break
		}
		sawStart = true
		if ch == '\\' && !escaping {
			escaping = true
			i++
			continue
		}
		if ch == '[' && !escaping {
			for _, pc := range posixClasses {
				if hasRunePrefix(rs[i:], pc.name) {
					if rangeStart >= 0 {
						return token{kind: tNever}, len(rs) - pos, true
					}
					i += len(pc.name)
					if pc.neg {
						c.neg = append(c.neg, pc.fn)
					} else {
						c.pos = append(c.pos, pc.fn)
					}
					single += 1000
					continue loop
				}
			}
		}
		escaping = false
		if rangeStart >= 0 {
			if ch > rangeStart {
				add(rangeStart, ch)
			} else if ch == rangeStart {
				add(ch, ch)
			}
			rangeStart = -1
			i++
			continue
		}
		if i+2 < len(rs) && rs[i+1] == '-' && rs[i+2] == ']' {
			add(ch, ch)
			add('-', '-')
			i += 2
			continue
		}
		if i+1 < len(rs) && rs[i+1] == '-' {
			rangeStart = ch
			i += 2
			continue
		}
		add(ch, ch)
		i++
	}
	if endPos < i {
		return token{}, 0, false
	}
	if len(c.ranges) == 0 && len(c.pos) == 0 && len(c.neg) == 0 {
		return token{kind: tNever}, len(rs) - pos, true
	}
	if single == 1 && !c.negate && only != '\n' && only != '\r' && only != 0x2028 && only != 0x2029 {
		return token{kind: tLit, r: only}, endPos - pos, false
	}
	return token{kind: tClass, cls: c}, endPos - pos, true
}

func hasRunePrefix(rs []rune, prefix string) bool {
	i := 0
	for _, r := range prefix {
		if i >= len(rs) || rs[i] != r {
			return false
		}
		i++
	}
	return true
}
