package frontmatter

import "strings"

// simpleMapping parses the commonest front matter without a YAML parser:
// every line is empty or "key: value" at column 0, with a key of
// letters, digits, "_" and "-" (starting with a letter or "_", at most
// maxSimpleKey bytes), unique,
// and a value that npm yaml's core schema can only read as that very
// string: a plain scalar that starts with a letter, holds only letters,
// digits and plainSafe characters, does not end in a space and is no
// boolean or null; or a double-quoted one of printable ASCII with no
// quote or backslash inside. ok is false for anything else, which
// parseYAML then parses in full; where ok is true the result equals the
// full parse (FuzzSimpleMapping checks it).
func simpleMapping(src string) (m map[string]any, ok bool) {
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
		if colon <= 0 || colon+1 >= len(line) || line[colon+1] != ' ' {
			return nil, false
		}
		key, value := line[:colon], strings.TrimLeft(line[colon+1:], " ")
		if !simpleKey(key) || !simpleValue(value) {
			return nil, false
		}
		if _, dup := m[key]; dup {
			return nil, false // npm yaml: "Map keys must be unique"
		}
		if value[0] == '"' {
			value = value[1 : len(value)-1]
		}
		m[key] = value
	}
	return m, true
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

func simpleValue(v string) bool {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return quotedSafe(v[1 : len(v)-1])
	}
	if v == "" || !isLetter(v[0]) || v[len(v)-1] == ' ' || typedWord(v) {
		return false
	}
	for i := 1; i < len(v); i++ {
		c := v[i]
		if !isLetter(c) && !isDigit(c) && !strings.ContainsRune(plainSafe, rune(c)) {
			return false
		}
	}
	return true
}

// plainSafe are the characters besides letters and digits a simple plain
// value may hold after its first: none of them ends or comments a plain
// scalar ("#" and ":" can), and tabs, controls and non-ASCII are left to
// the YAML parser.
const plainSafe = " ,.;()/'_+=?%-`\"!*&@<>|~$^[]{}\\"

// quotedSafe reports whether a double-quoted value's text is read as
// itself: printable ASCII with no quote or escape.
func quotedSafe(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
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
