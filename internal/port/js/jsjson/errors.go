package jsjson

import (
	"fmt"
	"strings"
	"unicode/utf16"
)

// contextChars is how many UTF-16 units V8 quotes on each side of an
// unexpected token, once the source is longer than twice that.
const contextChars = 10

// specialSources are whole inputs V8 names without a token.
var specialSources = map[string]bool{"undefined": true, "NaN": true, "Infinity": true, "[object Object]": true}

// errAt is one of V8's positioned messages: "<what> in JSON at position N
// (line L column C)".
func (p *parser) errAt(what string) error {
	line, col := 1, 1
	for i := 0; i < p.pos && i < len(p.src); i++ {
		switch c := p.src[i]; {
		case c == '\n' || c == '\r' && (i+1 >= len(p.src) || p.src[i+1] != '\n'):
			line, col = line+1, 1
		case c == '\r':
		default:
			col++
		}
	}
	if p.pos < len(p.src) && p.src[p.pos] == '\n' && p.pos > 0 && p.src[p.pos-1] == '\r' {
		col++ // inside a CRLF the LF is on the CR's line
	}
	where := " in JSON"
	if strings.HasSuffix(what, "after JSON") {
		where = ""
	}
	return &SyntaxError{Msg: fmt.Sprintf("%s%s at position %d (line %d column %d)", what, where, p.pos, line, col)}
}

// unexpected reports the token at the current position as V8 does: the
// end of input, a number, a string, or any other character quoted with
// its context.
func (p *parser) unexpected() error {
	if p.pos >= len(p.src) {
		return &SyntaxError{Msg: "Unexpected end of JSON input"}
	}
	whole := string(utf16.Decode(p.src))
	if specialSources[whole] {
		return &SyntaxError{Msg: `"` + whole + `" is not valid JSON`}
	}
	switch c := p.src[p.pos]; {
	case c == '-' || c >= '0' && c <= '9':
		return p.errAt("Unexpected number")
	case c == '"':
		return p.errAt("Unexpected string")
	}
	tok := string(utf16.Decode(p.src[p.pos : p.pos+1]))
	if len(p.src) <= 2*contextChars {
		return &SyntaxError{Msg: fmt.Sprintf(`Unexpected token '%s', "%s" is not valid JSON`, tok, whole)}
	}
	start, end := max(p.pos-contextChars, 0), min(p.pos+contextChars, len(p.src))
	ctx := string(utf16.Decode(p.src[start:end]))
	pre, post := "", ""
	if p.pos >= contextChars {
		pre = "..."
	}
	if end < len(p.src) {
		post = "..."
	}
	return &SyntaxError{Msg: fmt.Sprintf(`Unexpected token '%s', %s"%s"%s is not valid JSON`, tok, pre, ctx, post)}
}
