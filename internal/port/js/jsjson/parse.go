// Package jsjson parses JSON the way JavaScript's JSON.parse does in V8
// (Node 22), which pi uses for its settings and trust store: any nesting
// depth (the parser keeps its own stack, so memory grows with the input,
// never the Go stack), numbers as float64 with overflow to ±Inf (1e400 is
// Infinity), duplicate keys last wins, lone surrogate escapes kept (as
// U+FFFD once the string is Go text), and V8's error messages, positions
// counted in UTF-16 units with V8's line and column.
//
// Values are nil, bool, float64, string, []any and map[string]any.
package jsjson

import (
	"strconv"
	"unicode/utf16"
)

// SyntaxError is a JSON.parse failure; Error() is V8's message.
type SyntaxError struct {
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

// Parse parses text as JSON.parse(text) would.
func Parse(text string) (any, error) {
	p := &parser{src: utf16.Encode([]rune(text))}
	return p.parse()
}

type parser struct {
	src []uint16
	pos int
}

// frame is an array or object being built.
type frame struct {
	arr   []any
	obj   map[string]any
	key   string
	isObj bool
}

func (p *parser) parse() (any, error) {
	var stack []*frame
	var value any
	for {
		// Parse one value, or open a container.
		p.skipSpace()
		v, opened, err := p.value()
		if err != nil {
			return nil, err
		}
		if opened != nil {
			if done, err := p.emptyContainer(opened); err != nil {
				return nil, err
			} else if !done {
				stack = append(stack, opened)
				continue
			}
			v = opened.result()
		}
		value = v
		// Close every container the value completes.
		for {
			if len(stack) == 0 {
				p.skipSpace()
				if p.pos < len(p.src) {
					return nil, p.errAt("Unexpected non-whitespace character after JSON")
				}
				return value, nil
			}
			top := stack[len(stack)-1]
			top.add(value)
			p.skipSpace()
			more, err := p.next(top)
			if err != nil {
				return nil, err
			}
			if more {
				break
			}
			stack = stack[:len(stack)-1]
			value = top.result()
		}
	}
}

func (f *frame) add(v any) {
	if f.isObj {
		f.obj[f.key] = v
	} else {
		f.arr = append(f.arr, v)
	}
}

func (f *frame) result() any {
	if f.isObj {
		return f.obj
	}
	if f.arr == nil {
		return []any{}
	}
	return f.arr
}

// emptyContainer handles what follows an opening bracket: a closing one
// (done), or for an object its first key and colon.
func (p *parser) emptyContainer(f *frame) (done bool, err error) {
	p.skipSpace()
	if !f.isObj {
		if p.at(']') {
			p.pos++
			return true, nil
		}
		return false, nil
	}
	if p.at('}') {
		p.pos++
		return true, nil
	}
	if !p.at('"') {
		return false, p.errAt("Expected property name or '}'")
	}
	return false, p.key(f)
}

// next handles what follows a value inside f: a comma (more: another
// element or member follows) or the closing bracket.
func (p *parser) next(f *frame) (more bool, err error) {
	closing, what := byte(']'), "Expected ',' or ']' after array element"
	if f.isObj {
		closing, what = '}', "Expected ',' or '}' after property value"
	}
	switch {
	case p.at(','):
		p.pos++
		if f.isObj {
			p.skipSpace()
			if !p.at('"') {
				return false, p.errAt("Expected double-quoted property name")
			}
			return true, p.key(f)
		}
		return true, nil
	case p.at(closing):
		p.pos++
		return false, nil
	}
	return false, p.errAt(what)
}

// key parses a member's key and the colon after it.
func (p *parser) key(f *frame) error {
	k, err := p.str()
	if err != nil {
		return err
	}
	f.key = k
	p.skipSpace()
	if !p.at(':') {
		return p.errAt("Expected ':' after property name")
	}
	p.pos++
	return nil
}

// value parses a scalar, or returns the frame of an opened container.
func (p *parser) value() (any, *frame, error) {
	if p.pos >= len(p.src) {
		return nil, nil, p.unexpected()
	}
	switch c := p.src[p.pos]; {
	case c == '{':
		p.pos++
		return nil, &frame{isObj: true, obj: map[string]any{}}, nil
	case c == '[':
		p.pos++
		return nil, &frame{}, nil
	case c == '"':
		s, err := p.str()
		return s, nil, err
	case c == '-' || c >= '0' && c <= '9':
		n, err := p.number()
		return n, nil, err
	case c == 't':
		return true, nil, p.literal("true")
	case c == 'f':
		return false, nil, p.literal("false")
	case c == 'n':
		return nil, nil, p.literal("null")
	}
	return nil, nil, p.unexpected()
}

func (p *parser) literal(word string) error {
	for i := 0; i < len(word); i++ {
		if p.pos >= len(p.src) || p.src[p.pos] != uint16(word[i]) {
			return p.unexpected()
		}
		p.pos++
	}
	return nil
}

func (p *parser) number() (float64, error) {
	start := p.pos
	if p.at('-') {
		p.pos++
		if !p.digit() {
			return 0, p.errAt("No number after minus sign")
		}
	}
	if p.at('0') {
		p.pos++
		if p.digit() {
			return 0, p.errAt("Unexpected number")
		}
	} else {
		for p.digit() {
			p.pos++
		}
	}
	if p.at('.') {
		p.pos++
		if !p.digit() {
			return 0, p.errAt("Unterminated fractional number")
		}
		for p.digit() {
			p.pos++
		}
	}
	if p.at('e') || p.at('E') {
		p.pos++
		if p.at('+') || p.at('-') {
			p.pos++
		}
		if !p.digit() {
			return 0, p.errAt("Exponent part is missing a number")
		}
		for p.digit() {
			p.pos++
		}
	}
	lit := make([]byte, 0, p.pos-start)
	for _, c := range p.src[start:p.pos] {
		lit = append(lit, byte(c))
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil && !isRange(err) {
		return 0, p.errAt("Unexpected number")
	}
	return f, nil // out of range: ±Inf or 0, as JavaScript gives
}

func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func (p *parser) str() (string, error) {
	p.pos++ // the opening quote
	var out []uint16
	for {
		if p.pos >= len(p.src) {
			return "", p.errAt("Unterminated string")
		}
		c := p.src[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(utf16.Decode(out)), nil
		case c < 0x20:
			return "", p.errAt("Bad control character in string literal")
		case c == '\\':
			p.pos++
			if p.pos >= len(p.src) {
				return "", p.unexpected()
			}
			e := p.src[p.pos]
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				var v uint16
				for i := 0; i < 4; i++ {
					p.pos++
					if p.pos >= len(p.src) {
						return "", p.errAt("Bad Unicode escape")
					}
					d, ok := hexVal(p.src[p.pos])
					if !ok {
						return "", p.errAt("Bad Unicode escape")
					}
					v = v<<4 | d
				}
				out = append(out, v)
			default:
				return "", p.errAt("Bad escaped character")
			}
			p.pos++
		default:
			out = append(out, c)
			p.pos++
		}
	}
}

func hexVal(c uint16) (uint16, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func (p *parser) at(c byte) bool { return p.pos < len(p.src) && p.src[p.pos] == uint16(c) }

func (p *parser) digit() bool {
	return p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9'
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}
