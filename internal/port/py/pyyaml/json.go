package pyyaml

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
)

// JSONError is Python's json.JSONDecodeError: Msg at character offset Pos
// (counted in code points, as Python counts), rendered like
// "Expecting value: line 1 column 1 (char 0)".
type JSONError struct {
	Msg       string
	Pos       int
	Line, Col int
}

func (e *JSONError) Error() string {
	return fmt.Sprintf("%s: line %d column %d (char %d)", e.Msg, e.Line, e.Col, e.Pos)
}

// RecursionError is Python's RecursionError, which json.loads raises
// (instead of a JSONDecodeError) for very deeply nested input.
type RecursionError struct{}

func (RecursionError) Error() string {
	return "maximum recursion depth exceeded while decoding a JSON array from a unicode string"
}

// maxJSONDepth approximates where CPython's json scanner hits the
// interpreter's recursion limit (1000 frames, some already in use).
const maxJSONDepth = 990

// LoadJSON is Python's json.loads(text) with the default (C) scanner:
// strict strings (no raw control characters), NaN, Infinity and
// -Infinity accepted, integers of any size (*big.Int), floats for numbers
// with a fraction or an exponent, duplicate keys keeping the last value,
// and a leading BOM refused. Errors are *JSONError, or RecursionError for
// input nested deeper than Python can decode.
func LoadJSON(text string) (any, error) {
	p := jsonParser{s: []rune(text)}
	if len(p.s) > 0 && p.s[0] == 0xFEFF {
		return nil, p.fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0)
	}
	i := p.ws(0)
	v, end, err := p.value(i, 0)
	if err != nil {
		return nil, err
	}
	if end = p.ws(end); end != len(p.s) {
		return nil, p.fail("Extra data", end)
	}
	return v, nil
}

type jsonParser struct{ s []rune }

func (p *jsonParser) fail(msg string, pos int) error {
	line, col := 1, pos+1
	for i := 0; i < pos && i < len(p.s); i++ {
		if p.s[i] == '\n' {
			line, col = line+1, pos-i
		}
	}
	return &JSONError{Msg: msg, Pos: pos, Line: line, Col: col}
}

func (p *jsonParser) ws(i int) int {
	for i < len(p.s) && (p.s[i] == ' ' || p.s[i] == '\t' || p.s[i] == '\n' || p.s[i] == '\r') {
		i++
	}
	return i
}

func (p *jsonParser) has(i int, word string) bool {
	w := []rune(word)
	return i+len(w) <= len(p.s) && string(p.s[i:i+len(w)]) == word
}

// value is scan_once: the value starting exactly at i.
func (p *jsonParser) value(i, depth int) (any, int, error) {
	if i >= len(p.s) {
		return nil, i, p.fail("Expecting value", i)
	}
	switch c := p.s[i]; {
	case c == '"':
		return p.str(i + 1)
	case c == '{':
		if depth >= maxJSONDepth {
			return nil, i, RecursionError{}
		}
		return p.object(i+1, depth+1)
	case c == '[':
		if depth >= maxJSONDepth {
			return nil, i, RecursionError{}
		}
		return p.array(i+1, depth+1)
	case p.has(i, "null"):
		return nil, i + 4, nil
	case p.has(i, "true"):
		return true, i + 4, nil
	case p.has(i, "false"):
		return false, i + 5, nil
	case p.has(i, "NaN"):
		return math.NaN(), i + 3, nil
	case p.has(i, "Infinity"):
		return math.Inf(1), i + 8, nil
	case p.has(i, "-Infinity"):
		return math.Inf(-1), i + 9, nil
	}
	return p.number(i)
}

// number matches (-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)? at i.
func (p *jsonParser) number(i int) (any, int, error) {
	digits := func(j int) int {
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		return j
	}
	j := i
	if j < len(p.s) && p.s[j] == '-' {
		j++
	}
	switch {
	case j < len(p.s) && p.s[j] == '0':
		j++
	case j < len(p.s) && p.s[j] >= '1' && p.s[j] <= '9':
		j = digits(j)
	default:
		return nil, i, p.fail("Expecting value", i)
	}
	isFloat := false
	if j+1 < len(p.s) && p.s[j] == '.' && p.s[j+1] >= '0' && p.s[j+1] <= '9' {
		j, isFloat = digits(j+1), true
	}
	if j < len(p.s) && (p.s[j] == 'e' || p.s[j] == 'E') {
		k := j + 1
		if k < len(p.s) && (p.s[k] == '+' || p.s[k] == '-') {
			k++
		}
		if k < len(p.s) && p.s[k] >= '0' && p.s[k] <= '9' {
			j, isFloat = digits(k), true
		}
	}
	text := string(p.s[i:j])
	if isFloat {
		f, _ := strconv.ParseFloat(text, 64) // out of range: ±Inf or 0, as Python's float()
		return f, j, nil
	}
	n, _ := new(big.Int).SetString(text, 10)
	return n, j, nil
}

// str is scanstring: the string whose opening quote is at start-1.
func (p *jsonParser) str(start int) (any, int, error) {
	var b strings.Builder
	i := start
	for {
		if i >= len(p.s) {
			return nil, i, p.fail("Unterminated string starting at", start-1)
		}
		c := p.s[i]
		switch {
		case c == '"':
			return b.String(), i + 1, nil
		case c < 0x20:
			return nil, i, p.fail("Invalid control character at", i)
		case c != '\\':
			b.WriteRune(c)
			i++
			continue
		}
		i++
		if i >= len(p.s) {
			return nil, i, p.fail("Unterminated string starting at", start-1)
		}
		switch e := p.s[i]; e {
		case '"', '\\', '/':
			b.WriteRune(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, ok := p.hex4(i + 1)
			if !ok {
				return nil, i, p.fail("Invalid \\uXXXX escape", i-1)
			}
			i += 4
			if utf16.IsSurrogate(r) && r < 0xDC00 && p.has(i+1, `\u`) {
				if r2, ok := p.hex4(i + 3); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
					r = utf16.DecodeRune(r, r2)
					i += 6
				}
			}
			b.WriteRune(r) // a lone surrogate becomes U+FFFD
		default:
			return nil, i, p.fail("Invalid \\escape", i-1)
		}
		i++
	}
}

func (p *jsonParser) hex4(i int) (rune, bool) {
	if i+4 > len(p.s) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.s[i:i+4]), 16, 32)
	if err != nil || strings.ContainsAny(string(p.s[i:i+4]), "+-_xX") {
		return 0, false
	}
	return rune(n), true
}

func (p *jsonParser) object(i, depth int) (any, int, error) {
	d := NewDict()
	i = p.ws(i)
	if i < len(p.s) && p.s[i] == '}' {
		return d, i + 1, nil
	}
	for {
		if i >= len(p.s) || p.s[i] != '"' {
			return nil, i, p.fail("Expecting property name enclosed in double quotes", i)
		}
		k, end, err := p.str(i + 1)
		if err != nil {
			return nil, end, err
		}
		i = p.ws(end)
		if i >= len(p.s) || p.s[i] != ':' {
			return nil, i, p.fail("Expecting ':' delimiter", i)
		}
		i = p.ws(i + 1)
		v, end, err := p.value(i, depth)
		if err != nil {
			return nil, end, err
		}
		_ = d.Set(k, v)
		i = p.ws(end)
		if i < len(p.s) && p.s[i] == '}' {
			return d, i + 1, nil
		}
		if i >= len(p.s) || p.s[i] != ',' {
			return nil, i, p.fail("Expecting ',' delimiter", i)
		}
		i = p.ws(i + 1)
	}
}

func (p *jsonParser) array(i, depth int) (any, int, error) {
	l := &List{}
	i = p.ws(i)
	if i < len(p.s) && p.s[i] == ']' {
		return l, i + 1, nil
	}
	for {
		v, end, err := p.value(i, depth)
		if err != nil {
			return nil, end, err
		}
		l.Items = append(l.Items, v)
		i = p.ws(end)
		if i < len(p.s) && p.s[i] == ']' {
			return l, i + 1, nil
		}
		if i >= len(p.s) || p.s[i] != ',' {
			return nil, i, p.fail("Expecting ',' delimiter", i)
		}
		i = p.ws(i + 1)
	}
}
