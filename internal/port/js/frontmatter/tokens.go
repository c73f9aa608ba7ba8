package frontmatter

import "strings"

// The token-level checks of the diagnose scanner: block scalars, quoted
// scalars with their escapes, flow collections, and what may follow a
// complete node on its line.

// blockScalar skips the body of a block scalar whose key line is li: its
// lines are indented like its first non-empty line, and a line indented
// less ends it.
func (s *scanner) blockScalar(li, ind int) (int, *YAMLError) {
	last := li
	content := -1
	for n := li + 1; n < len(s.lines); n++ {
		l := s.lines[n]
		if strings.TrimLeft(l, " ") == "" {
			last = n
			continue
		}
		in := indentOf(l)
		if content < 0 {
			if in <= ind {
				if n == li+1 && l[in] == '\t' {
					return n, s.fail(n, 0, "Block scalar values in collections must be indented")
				}
				break
			}
			content = in
		}
		if in < content {
			break
		}
		last = n
	}
	return last, nil
}

// quoted scans a quoted scalar opened at lines[li][pos] in a block with
// indent ind. It returns where the scalar ends (just after the quote).
func (s *scanner) quoted(li, pos, ind int) (eli, eoff int, err *YAMLError) {
	q := s.lines[li][pos]
	miss := "Missing closing " + string(q) + "quote"
	off := pos + 1
	for n := li; n < len(s.lines); n++ {
		l := s.lines[n]
		if n > li {
			if strings.TrimLeft(l, " \t") != "" && (indentOf(l) <= ind || l[indentOf(l)] == '\t') && s.closes(n, q) {
				return 0, 0, s.fail(n-1, len(s.lines[n-1]), miss)
			}
			off = 0
		}
		for i := off; i < len(l); i++ {
			switch {
			case q == '\'' && l[i] == '\'':
				if i+1 < len(l) && l[i+1] == '\'' {
					i++
					continue
				}
				return n, i + 1, nil
			case q == '"' && l[i] == '\\':
				k := escapeLen(l[i+1:])
				if k < 0 {
					return 0, 0, s.fail(n, i, "Invalid escape sequence "+l[i:min(len(l), i+escapeShown(l[i+1:]))])
				}
				i += k
			case q == '"' && l[i] == '"':
				return n, i + 1, nil
			}
		}
	}
	return 0, 0, s.eof(miss)
}

// closes reports whether the quote q appears on line from or later. When
// it does, a scalar cut by an under-indented line is reported at the end of
// the line before it; when it does not, at the end of input.
func (s *scanner) closes(from int, q byte) bool {
	for _, l := range s.lines[from:] {
		if strings.IndexByte(l, q) >= 0 {
			return true
		}
	}
	return false
}

// escapeLen is the length of a valid double-quoted escape after "\" (0 for
// a line-continuation backslash at the end of a line), or -1.
func escapeLen(rest string) int {
	if rest == "" {
		return 0
	}
	hex := 0
	switch rest[0] {
	case '0', 'a', 'b', 't', '\t', 'n', 'v', 'f', 'r', 'e', ' ', '"', '/', '\\', 'N', '_', 'L', 'P':
		return 1
	case 'x':
		hex = 2
	case 'u':
		hex = 4
	case 'U':
		hex = 8
	default:
		return -1
	}
	if len(rest) < 1+hex {
		return -1
	}
	for _, c := range rest[1 : 1+hex] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return -1
		}
	}
	return 1 + hex
}

// escapeShown is how much of a bad escape npm quotes: the backslash, the
// letter and, for \x \u \U, as many characters as the escape needs.
func escapeShown(rest string) int {
	if rest == "" {
		return 1
	}
	switch rest[0] {
	case 'x':
		return 1 + 3
	case 'u':
		return 1 + 5
	case 'U':
		return 1 + 9
	}
	return 2
}

// indentOf counts leading spaces.
func indentOf(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }

// flow checks a flow collection opened at lines[li][pos] inside a block
// with indent ind (-1 for a collection that is the whole document): it
// must close, and its continuation lines must be indented more than ind.
// Anything after the closing bracket other than a comment is an error.
func (s *scanner) flow(li, pos, ind int) (int, *YAMLError) {
	var open []byte // unclosed brackets, innermost last
	var quote byte
	for n := li; n < len(s.lines); n++ {
		l := s.lines[n]
		i := 0
		if n == li {
			i = pos
		} else if quote == 0 && !isBlank(l) && indentOf(l) <= ind {
			return n, s.fail(n, indentOf(l), flowMsg(open[len(open)-1], ind < 0 && len(open) == 1))
		}
		for ; i < len(l); i++ {
			c := l[i]
			switch {
			case quote != 0:
				if c == '\\' && quote == '"' {
					i++
				} else if c == quote {
					quote = 0
				}
			case c == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
				i = len(l)
			case (c == '"' || c == '\'') && tokenStart(l, i):
				quote = c
			case c == '[' || c == '{':
				open = append(open, c)
			case c == ']' || c == '}':
				open = open[:len(open)-1]
				if len(open) == 0 {
					return n, s.trailing(n, i+1)
				}
			}
		}
	}
	return len(s.lines) - 1, s.eof(flowMsg(open[len(open)-1], ind < 0 && len(open) == 1))
}

// tokenStart reports whether l[i] starts a token inside a flow collection
// (a quote elsewhere is part of a plain scalar).
func tokenStart(l string, i int) bool {
	j := i - 1
	for j >= 0 && (l[j] == ' ' || l[j] == '\t') {
		j--
	}
	return j < 0 || j < i-1 || strings.IndexByte("[{,:", l[j]) >= 0
}

// trailing checks what follows a complete node on its line at off.
func (s *scanner) trailing(li, off int) *YAMLError {
	l := s.lines[li]
	t := strings.TrimLeft(l[off:], " \t")
	switch {
	case t == "":
		return nil
	case t[0] == '#':
		if len(t) == len(l)-off {
			return s.fail(li, off, "Comments must be separated from other tokens by white space characters")
		}
		return nil
	case t[0] == ']':
		return s.fail(li, len(l)-len(t), `Unexpected flow-seq-end token in YAML stream: "]"`)
	case t[0] == '}':
		return s.fail(li, len(l)-len(t), `Unexpected flow-map-end token in YAML stream: "}"`)
	}
	return s.unexpected(li, len(l)-len(t))
}

// unexpected reports npm's "Unexpected scalar at node end" for the plain
// scalar at lines[li][off], underlined whole.
func (s *scanner) unexpected(li, off int) *YAMLError {
	e := s.fail(li, off, "Unexpected scalar at node end")
	e.text = e.Reason + prettyWidth(s.src, e.Line, e.Column, jsstrLen(plainToken(s.lines[li][off:])))
	return e
}

// plainToken is the plain scalar at the start of t: up to a ": ", a " #"
// or the end of the line, without trailing white space.
func plainToken(t string) string {
	end := len(t)
	if k := keyEnd(t, 0); k >= 0 {
		end = k
	}
	if k := strings.Index(t, " #"); k >= 0 && k < end {
		end = k
	}
	return strings.TrimRight(t[:end], " \t")
}

// flowMsg words npm's error for an unclosed or under-indented flow
// collection opened by opener.
func flowMsg(opener byte, root bool) string {
	kind, closer := "Flow sequence", "]"
	if opener == '{' {
		kind, closer = "Flow map", "}"
	}
	if root {
		return kind + " must end with a " + closer
	}
	return kind + " in block collection must be sufficiently indented and end with a " + closer
}
