package pyyaml

import "unicode/utf8"

// Helpers over the YAML source text, for the checks that compare
// yaml.v3's nodes with what PyYAML's scanner does. Offsets are bytes;
// yaml.v3 positions are 1-based lines and columns counted in characters.

// isBreak reports the line breaks of YAML 1.1 (and of yaml.v3's reader).
func isBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// lineStarts returns the byte offset of each line, counting "\r\n", "\r",
// "\n", NEL, LS and PS as breaks.
func lineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == '\r' && i < len(s) && s[i] == '\n' {
			i++
		}
		if isBreak(r) {
			starts = append(starts, i)
		}
	}
	return starts
}

// offsetOf converts a yaml.v3 line and column to a byte offset.
func offsetOf(s string, lines []int, line, col int) int {
	if line < 1 || line-1 >= len(lines) {
		return len(s)
	}
	i := lines[line-1]
	for c := 1; c < col && i < len(s); c++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}

// nodeStart returns the offset of a node's own first character: yaml.v3
// positions a node at its anchor or tag, if it has one.
func nodeStart(s string, lines []int, line, col int) int {
	return skipProperties(s, offsetOf(s, lines, line, col))
}

// columnOf counts the characters between the start of i's line and i.
func columnOf(s string, i int) int {
	return utf8.RuneCountInString(s[lineStartBefore(s, i):i])
}

// skipProperties moves past anchors, tags, white space and comments.
func skipProperties(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ' || r == '\t' || isBreak(r):
			i += size
		case r == '#':
			i = endOfLine(s, i)
		case r == '&' || r == '!':
			for i < len(s) {
				r, size := utf8.DecodeRuneInString(s[i:])
				if r == ' ' || r == '\t' || isBreak(r) {
					break
				}
				i += size
			}
		default:
			return i
		}
	}
	return i
}

// endDoubleQuoted returns the offset after the quote that closes the
// double-quoted scalar opening at i.
func endDoubleQuoted(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s)
}

// endSingleQuoted is endDoubleQuoted for a single-quoted scalar.
func endSingleQuoted(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == '\'' {
			if j+1 < len(s) && s[j+1] == '\'' {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

// endOfLine returns the offset just after the line break that ends the
// line holding offset i (len(s) on the last line).
func endOfLine(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if isBreak(r) {
			if r == '\r' && i < len(s) && s[i] == '\n' {
				i++
			}
			return i
		}
	}
	return i
}

// lineStartBefore returns the start of the line holding offset i.
func lineStartBefore(s string, i int) int {
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if isBreak(r) {
			return i
		}
		i -= size
	}
	return 0
}

// leadingSpaces counts the spaces at offset i and reports whether the
// line is empty after them (a break or the end of the text follows).
func leadingSpaces(s string, i int) (n int, empty bool) {
	j := i
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j >= len(s) {
		return j - i, true
	}
	r, _ := utf8.DecodeRuneInString(s[j:])
	return j - i, isBreak(r)
}
