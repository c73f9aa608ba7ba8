package frontmatter

import (
	"strings"
	"unicode/utf8"
)

// simpleMapping parses the commonest front matter without a YAML parser:
// every line is empty or "key: value" at column 0, with a key of
// letters, digits, "_" and "-" (starting with a letter or "_", at most
// maxSimpleKey bytes), unique, and a value that npm yaml's core schema can
// only read as that very string: a plain scalar that starts with a
// letter, holds only letters, digits, plainSafe characters and printable
// non-ASCII, does not end in a space and is no boolean or null; or a
// double-quoted one with no control and no escape but \" and \\; or a
// single-quoted one with no quote or control inside. A "key:" line alone
// opens a nested mapping of the same kind (at most maxSimpleDepth deep):
// the lines after it indented by the first one's spaces. ok is false for anything else, which
// parseYAML then parses in full; where ok is true the result equals the
// full parse (FuzzSimpleMapping checks it).
func simpleMapping(src string) (m map[string]any, ok bool) {
	return simpleBlock(src, 0)
}

// maxSimpleDepth bounds the nested mappings the fast path takes (each
// level copies its block once).
const maxSimpleDepth = 3

func simpleBlock(src string, depth int) (m map[string]any, ok bool) {
	m = map[string]any{}
	for len(src) > 0 {
		line := src
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = ""
		}
		if line == "" {
			continue
		}
		colon := strings.IndexByte(line, ':')
		if colon <= 0 || !simpleKey(line[:colon]) {
			return nil, false
		}
		key := line[:colon]
		if _, dup := m[key]; dup {
			return nil, false // npm yaml: "Map keys must be unique"
		}
		if colon+1 == len(line) {
			block, rest, ok := nested(src)
			if !ok || depth == maxSimpleDepth {
				return nil, false
			}
			inner, ok := simpleBlock(block, depth+1)
			if !ok || len(inner) == 0 {
				return nil, false
			}
			m[key], src = inner, rest
			continue
		}
		if line[colon+1] != ' ' {
			return nil, false
		}
		value, ok := simpleValue(strings.TrimLeft(line[colon+1:], " "))
		if !ok {
			return nil, false
		}
		m[key] = value
	}
	return m, true
}

// nested splits off the block of lines indented past column 0 that
// starts src, dedented by its first line's indentation; ok is false when
// src does not start with such a line or a line in the block is indented
// less than the first.
func nested(src string) (block, rest string, ok bool) {
	indent := len(src) - len(strings.TrimLeft(src, " "))
	if indent == 0 || indent == len(src) || src[indent] == '\n' {
		return "", "", false
	}
	pad := src[:indent]
	var b strings.Builder
	for len(src) > 0 && src[0] == ' ' {
		line := src
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i+1], src[i+1:]
		} else {
			src = ""
		}
		if !strings.HasPrefix(line, pad) {
			return "", "", false
		}
		b.WriteString(line[indent:])
	}
	return b.String(), src, true
}

// maxSimpleKey keeps keys far below YAML's 1,024-character limit on
// implicit keys.
const maxSimpleKey = 128

func simpleKey(k string) bool {
	if len(k) > maxSimpleKey || !isLetter(k[0]) && k[0] != '_' || typedWord(k) {
		return false
	}
	for i := 1; i < len(k); i++ {
		if c := k[i]; !isLetter(c) && !isDigit(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// simpleValue returns the string a simple value reads as.
func simpleValue(v string) (string, bool) {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return quoted(v[1:len(v)-1], v[0])
	}
	if v == "" || !isLetter(v[0]) || v[len(v)-1] == ' ' || typedWord(v) {
		return "", false
	}
	for i := 1; i < len(v); {
		c := v[i]
		if c >= utf8.RuneSelf {
			n := printableRune(v[i:])
			if n == 0 {
				return "", false
			}
			i += n
			continue
		}
		if !isLetter(c) && !isDigit(c) && !strings.ContainsRune(plainSafe, rune(c)) {
			return "", false
		}
		i++
	}
	return v, true
}

// plainSafe are the characters besides letters and digits a simple plain
// value may hold after its first: none of them ends or comments a plain
// scalar ("#" and ":" can); tabs and controls are left to the YAML
// parser.
const plainSafe = " ,.;()/'_+=?%-`\"!*&@<>|~$^[]{}\\"

// quoted returns the text a quoted value's inside s reads as, when it is
// printable ASCII and non-ASCII with no quote of its kind, and in double
// quotes no escape but \" and \\.
func quoted(s string, quote byte) (string, bool) {
	escaped := false
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			n := printableRune(s[i:])
			if n == 0 {
				return "", false
			}
			i += n
			continue
		}
		if quote == '"' && c == '\\' {
			if i+1 == len(s) || s[i+1] != '"' && s[i+1] != '\\' {
				return "", false
			}
			escaped = true
			i += 2
			continue
		}
		if c < 0x20 || c > 0x7e || c == quote {
			return "", false
		}
		i++
	}
	if escaped {
		return unescapeQuoted.Replace(s), true
	}
	return s, true
}

var unescapeQuoted = strings.NewReplacer(`\"`, `"`, `\\`, `\`)

// printableRune returns the length of the non-ASCII rune s starts with
// when YAML prints it as itself and npm yaml reads it as plain text
// (no C1 control, line or paragraph separator, byte-order mark or
// noncharacter), and 0 otherwise.
func printableRune(s string) int {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && n <= 1, r < 0xa0, r == 0x2028, r == 0x2029, r == 0xfeff, r == 0xfffe, r == 0xffff:
		return 0
	}
	return n
}

// typedWord reports the plain scalars of the core schema that start with
// a letter and are not strings.
func typedWord(s string) bool {
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL":
		return true
	}
	return false
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
