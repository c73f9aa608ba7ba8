package gitignore

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsSpaceClass is the content of JavaScript's \s class.
const jsSpaceClass = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// goRegexp converts the JavaScript (non-unicode mode) regular-expression
// source that the rewrites produce into Go syntax. The only constructs the
// rewrites emit are literals, escapes, classes, "(?:", anchors, quantifiers
// and the terminal lookahead "(?=$|\/$)", which at the very end of a pattern
// used with test() is equivalent to the non-capturing "(?:$|\/$)". Escapes
// that a user can smuggle in through a rule ("\d", "\s", "\x41", ...) keep
// their JavaScript meaning.
func goRegexp(src string) string {
	var out strings.Builder
	inClass := false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\\':
			tr, n := jsEscape(src[i+1:], inClass)
			out.WriteString(tr)
			i += 1 + n
			continue
		case inClass:
			if c == ']' {
				inClass = false
			} else if c == '[' {
				out.WriteString(`\[`)
				i++
				continue
			}
		case c == '[':
			if strings.HasPrefix(src[i:], "[]") {
				out.WriteString(`[^\x00-\x{10FFFF}]`) // JS empty class: never matches
				i += 2
				continue
			}
			if strings.HasPrefix(src[i:], "[^]") {
				out.WriteString(`[\x00-\x{10FFFF}]`) // JS: any character
				i += 3
				continue
			}
			inClass = true
			out.WriteByte('[')
			if i+1 < len(src) && src[i+1] == '^' {
				out.WriteByte('^')
				i++
			}
			i++
			continue
		case c == '.':
			out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			i++
			continue
		case strings.HasPrefix(src[i:], "(?="):
			out.WriteString("(?:")
			i += 3
			continue
		}
		out.WriteByte(c)
		i++
	}
	return out.String()
}

// jsEscape translates the escape whose text (after the backslash) starts
// rest; it returns Go source and how many bytes of rest it used.
func jsEscape(rest string, inClass bool) (string, int) {
	if rest == "" {
		return `\\`, 0
	}
	r, size := utf8.DecodeRuneInString(rest)
	switch r {
	case 'd', 'D', 'w', 'W':
		return `\` + string(r), 1
	case 'b', 'B':
		if inClass {
			if r == 'b' {
				return `\x08`, 1
			}
			return "B", 1
		}
		return `\` + string(r), 1
	case 's':
		if inClass {
			return jsSpaceClass, 1
		}
		return "[" + jsSpaceClass + "]", 1
	case 'S':
		if inClass {
			// Go has no class subtraction; \S inside a class is rare enough
			// to approximate by "anything but ASCII white space".
			return `\S`, 1
		}
		return "[^" + jsSpaceClass + "]", 1
	case 't', 'n', 'r', 'v', 'f':
		return `\` + string(r), 1
	case '0':
		if len(rest) < 2 || rest[1] < '0' || rest[1] > '9' {
			return `\x00`, 1
		}
	case 'x':
		if len(rest) >= 3 && isHex(rest[1:3]) {
			return `\x` + rest[1:3], 3
		}
	case 'u':
		if len(rest) >= 5 && isHex(rest[1:5]) {
			return `\x{` + rest[1:5] + `}`, 5
		}
	case 'c':
		if len(rest) >= 2 && isASCIILetter(rest[1]) {
			return fmt.Sprintf(`\x%02x`, rest[1]%32), 2
		}
		return `\\`, 0 // "\c" without a letter is a literal backslash
	}
	if r >= '1' && r <= '9' {
		// No capturing groups exist, so Annex B reads an octal escape.
		n := 0
		for n < len(rest) && n < 3 && rest[n] >= '0' && rest[n] <= '7' {
			n++
		}
		if n == 0 { // \8, \9: identity escapes
			return string(r), 1
		}
		v, _ := strconv.ParseUint(rest[:n], 8, 32)
		if v > 0o377 {
			n--
			v, _ = strconv.ParseUint(rest[:n], 8, 32)
		}
		return fmt.Sprintf(`\x{%x}`, v), n
	}
	if r < utf8.RuneSelf && !isAlnum(byte(r)) {
		return `\` + string(r), 1
	}
	// identity escape: the character itself
	return regexpQuote(string(r)), size
}

func regexpQuote(s string) string {
	if strings.ContainsAny(s, `\.+*?()|[]{}^$`) {
		return `\` + s
	}
	return s
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlnum(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }
