package frontmatter

import (
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// yaml.v3 and the npm yaml package reject mostly the same documents but
// word and place their errors differently, and yaml.v3 often reports no
// line at all. diagnose re-reads a YAML block line by line, the way a
// frontmatter author writes it (a block mapping of scalars, flow
// collections and block scalars), and finds the first problem as npm
// yaml reports it, or nil when it recognizes none. parseYAML uses it to
// word yaml.v3's errors, and to catch the few mistakes npm yaml rejects
// but yaml.v3 accepts (npmOnly).
func diagnose(src string) *YAMLError {
	s := scanner{src: src, lines: strings.Split(src, "\n")}
	return s.run()
}

// scanner holds the block being diagnosed, split into lines.
type scanner struct {
	src   string
	lines []string
}

// fail builds the error at byte offset off of line li (0-based).
func (s *scanner) fail(li, off int, msg string) *YAMLError {
	l := s.lines[li]
	off = min(off, len(l))
	return newYAMLError(s.src, msg, li+1, jsstr.Len(l[:off])+1)
}

// eof builds the error at the end of the source.
func (s *scanner) eof(msg string) *YAMLError {
	li := len(s.lines) - 1
	return s.fail(li, len(s.lines[li]), msg)
}

// isBlank reports lines that hold no node: empty, comment, directive and
// document marker lines.
func isBlank(l string) bool {
	t := strings.TrimLeft(l, " \t")
	return t == "" || t[0] == '#' || strings.HasPrefix(l, "%") || isMarker(l, "---") || isMarker(l, "...")
}

// isMarker reports a "---" or "..." line (the marker may be followed by
// white space and more content).
func isMarker(l, m string) bool {
	return strings.HasPrefix(l, m) && (len(l) == 3 || l[3] == ' ' || l[3] == '\t')
}

// run walks the block's entries in order, tracking the columns of the
// open block collections, and returns the first problem.
func (s *scanner) run() *YAMLError {
	var stack []int // columns of the open block collections (keys, dashes)
	open := false   // the previous key's value continues on later lines
	rootSeq := false
	for li := 0; li < len(s.lines); li++ {
		l := s.lines[li]
		if isBlank(l) {
			continue
		}
		ind := indentOf(l)
		if l[ind] == '\t' {
			return s.fail(li, ind, "Tabs are not allowed as indentation")
		}
		// Block mapping structure.
		for len(stack) > 0 && stack[len(stack)-1] > ind {
			stack = stack[:len(stack)-1]
		}
		switch {
		case len(stack) > 0 && stack[len(stack)-1] < ind && !open:
			return s.fail(li, 0, "All mapping items must start at the same column")
		case len(stack) == 0 && li > 0 && ind < s.firstIndent():
			return s.unexpected(li, ind)
		}
		pos := ind
		seq := false
		for pos < len(l) && l[pos] == '-' && (pos+1 == len(l) || l[pos+1] == ' ') {
			seq = true
			pos++
			for pos < len(l) && l[pos] == ' ' {
				pos++
			}
		}
		if li == s.firstLine() {
			rootSeq = seq
		} else if rootSeq && !seq && ind == s.firstIndent() {
			return s.unexpected(li, ind)
		}
		if pos >= len(l) || l[pos] == '#' {
			open = true
			continue
		}
		next, isKey, empty, err := s.entry(li, pos, ind, seq)
		if err != nil {
			return err
		}
		if seq && (len(stack) == 0 || stack[len(stack)-1] < ind) {
			stack = append(stack, ind)
		}
		if isKey && (len(stack) == 0 || stack[len(stack)-1] < pos) {
			stack = append(stack, pos)
		}
		open = isKey && empty
		li = next
	}
	return nil
}

// firstLine is the index of the first content line.
func (s *scanner) firstLine() int {
	for i, l := range s.lines {
		if !isBlank(l) {
			return i
		}
	}
	return 0
}

// firstIndent is the indentation of the first content line.
func (s *scanner) firstIndent() int {
	for _, l := range s.lines {
		if !isBlank(l) {
			return indentOf(l)
		}
	}
	return 0
}

// entry checks the key or item starting at lines[li][pos] (parent block
// indent ind). It returns the last line the entry used.
func (s *scanner) entry(li, pos, ind int, seq bool) (last int, isKey, empty bool, err *YAMLError) {
	l := s.lines[li]
	switch l[pos] {
	case '"', '\'':
		eli, eoff, err := s.quoted(li, pos, ind)
		if err != nil {
			return li, false, false, err
		}
		rest := s.lines[eli][eoff:]
		t := strings.TrimLeft(rest, " \t")
		if t == "" {
			return eli, false, false, nil
		}
		if eli == li && (t == ":" || strings.HasPrefix(t, ": ") || strings.HasPrefix(t, ":\t")) {
			vpos := eoff + (len(rest) - len(t)) + 1
			last, empty, err := s.value(li, vpos, ind)
			return last, true, empty, err
		}
		return eli, false, false, s.trailing(eli, eoff)
	case '[', '{':
		if !seq && li == s.firstLine() {
			ind = -1 // the collection is the document
		}
		last, err := s.flow(li, pos, ind)
		return last, false, false, err
	}
	k := keyEnd(l, pos)
	if k < 0 {
		return s.plainEntry(li, pos, ind, seq)
	}
	last, empty, err = s.value(li, k+1, ind)
	return last, true, empty, err
}

// plainEntry checks a plain scalar entry without ":" on its own line. It
// may continue on lines indented more than its parent (at the document
// root, on any line); if a continuation line holds a ":", the scalar is a
// multi-line key. Alone inside a mapping, it is a key without a value.
func (s *scanner) plainEntry(li, pos, ind int, seq bool) (last int, isKey, empty bool, err *YAMLError) {
	parent := ind
	root := !seq && li == s.firstLine()
	if root {
		parent = -1
	}
	last = li
	for n := li + 1; n < len(s.lines); n++ {
		l := s.lines[n]
		if strings.TrimLeft(l, " \t") == "" {
			continue
		}
		if isBlank(l) || indentOf(l) <= parent {
			break
		}
		if keyEnd(l, indentOf(l)) >= 0 {
			return n, false, false, s.fail(li, pos, "Implicit keys need to be on a single line")
		}
		last = n
	}
	switch {
	case seq || root:
		return last, false, false, nil
	case last > li:
		return last, false, false, s.fail(li, pos, "Implicit keys need to be on a single line")
	}
	e := s.fail(li, pos, "Implicit map keys need to be followed by map values")
	e.text = e.Reason + prettyWidth(s.src, e.Line, e.Column, jsstrLen(plainToken(s.lines[li][pos:])))
	return li, false, false, e
}

// keyEnd finds the ":" ending a plain implicit key in l from pos (a ":"
// followed by white space or the end of the line), or -1.
func keyEnd(l string, pos int) int {
	for i := pos; i < len(l); i++ {
		switch {
		case l[i] == '#' && i > pos && (l[i-1] == ' ' || l[i-1] == '\t'):
			return -1
		case l[i] == ':' && (i+1 == len(l) || l[i+1] == ' ' || l[i+1] == '\t'):
			return i
		}
	}
	return -1
}

// value checks the value after a key's ":" at lines[li][pos].
func (s *scanner) value(li, pos, ind int) (last int, empty bool, err *YAMLError) {
	l := s.lines[li]
	for pos < len(l) && (l[pos] == ' ' || l[pos] == '\t') {
		pos++
	}
	vstart := pos
	// Node properties: anchors and tags.
	for pos < len(l) && (l[pos] == '&' || l[pos] == '!') {
		if l[pos] == '&' && (pos+1 == len(l) || l[pos+1] == ' ') {
			return li, false, s.fail(li, pos, "Anchor cannot be an empty string")
		}
		for pos < len(l) && l[pos] != ' ' && l[pos] != '\t' {
			pos++
		}
		for pos < len(l) && (l[pos] == ' ' || l[pos] == '\t') {
			pos++
		}
	}
	if pos >= len(l) || l[pos] == '#' {
		return li, true, nil // the value is on the following lines
	}
	c := l[pos]
	switch {
	case c == '|' || c == '>':
		h := pos + 1
		for h < len(l) && strings.IndexByte("123456789+-", l[h]) >= 0 {
			h++
		}
		if h < len(l) && l[h] == '#' {
			return li, false, s.fail(li, h, "Comments must be separated from other tokens by white space characters")
		}
		if h < len(l) && l[h] != ' ' && l[h] != '\t' {
			return li, false, s.fail(li, h, "Block scalar header includes extra characters: "+strings.TrimRight(l[pos:], " "))
		}
		last, err = s.blockScalar(li, ind)
		return last, false, err
	case c == '"' || c == '\'':
		eli, eoff, err := s.quoted(li, pos, ind)
		if err != nil {
			return li, false, err
		}
		rest := s.lines[eli][eoff:]
		t := strings.TrimLeft(rest, " \t")
		switch {
		case t == "":
			return eli, false, nil
		case keyEnd(t, 0) >= 0:
			return eli, false, s.fail(li, vstart, "Nested mappings are not allowed in compact mappings")
		}
		return eli, false, s.trailing(eli, eoff)
	case c == '[' || c == '{':
		last, err = s.flow(li, pos, ind)
		return last, false, err
	case c == '@' || c == '`':
		return li, false, s.fail(li, pos, "Plain value cannot start with reserved character "+string(c))
	case c == '%':
		return li, false, s.fail(li, pos, "Plain value cannot start with directive indicator character %")
	case c == ',':
		return li, false, s.fail(li, pos, "Plain value cannot start with flow indicator character ,")
	case c == ']':
		return li, false, s.fail(li, pos, `Unexpected flow-seq-end token in YAML stream: "]"`)
	case c == '}':
		return li, false, s.fail(li, pos, `Unexpected flow-map-end token in YAML stream: "}"`)
	case c == '-' && (pos+1 == len(l) || l[pos+1] == ' ' || l[pos+1] == '\t'):
		return li, false, s.fail(li, pos, "Unexpected block-seq-ind on same line with key")
	case (c == '?' || c == ':') && (pos+1 == len(l) || l[pos+1] == ' ' || l[pos+1] == '\t'):
		return li, false, s.fail(li, vstart, "Nested mappings are not allowed in compact mappings")
	case c == '*' && (pos+1 == len(l) || l[pos+1] == ' ' || l[pos+1] == '\t'):
		return li, false, s.fail(li, pos, "Alias cannot be an empty string")
	case c == '*':
		e := pos
		for e < len(l) && l[e] != ' ' && l[e] != '\t' {
			e++
		}
		return li, false, s.trailing(li, e)
	}
	// A plain scalar, possibly continued on more-indented lines.
	last = li
	for n := li; n < len(s.lines); n++ {
		cl := s.lines[n]
		from := pos
		if n > li {
			if strings.TrimLeft(cl, " \t") == "" {
				continue
			}
			if indentOf(cl) <= ind {
				break
			}
			from = indentOf(cl)
			if cl[from] == '#' {
				break // a comment ends the scalar
			}
		}
		if keyEnd(cl, from) >= 0 {
			return n, false, s.fail(li, vstart, "Nested mappings are not allowed in compact mappings")
		}
		if n > li && strings.Contains(cl, " #") {
			return n, false, nil
		}
		last = n
	}
	return last, false, nil
}
