package sections

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Inert returns s as text that cannot start a line or open or close
// markup where a prompt prints it (a path in an attribute, a note or a
// list item), so that a hostile directory name cannot inject lines or
// delimiters.
//
// s comes back unchanged when it is valid UTF-8 made of printable
// characters (strconv.IsPrint: letters, marks, numbers, punctuation,
// symbols and the ASCII space) other than `\`, `"`, `<` and `>`: every
// ordinary path. Otherwise each such character is escaped as in a Go
// string literal, without the quotes: `\` as `\\`, a newline as `\n`, a
// tab as `\t`, `"`, `<` and `>` as `\u0022`, `\u003c` and `\u003e`, any
// other non-printable character as `\uXXXX` (or `\UXXXXXXXX`), a byte
// that is not UTF-8 as `\xNN`. The result is one line with none of
// `"<>` in it, and it holds a backslash only when s was escaped.
func Inert(s string) string {
	if isInert(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"' || r == '<' || r == '>':
			b.WriteString(`\u00`)
			b.WriteString(strconv.FormatUint(uint64(r), 16))
		case strconv.IsPrint(r):
			b.WriteString(s[i : i+n])
		default:
			q := strconv.QuoteRune(r) // '\n', '\u2028', ...
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

// isInert reports whether Inert leaves s as it is.
func isInert(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || r == '\\' || r == '"' || r == '<' || r == '>' || !strconv.IsPrint(r) {
			return false
		}
		i += n
	}
	return true
}
