package pyyaml

import "gopkg.in/yaml.v3"

// walkIndents calls fn for every node of doc (once; aliases are not
// followed) with the indentation of the block collection around it, the
// "indent" of PyYAML's scanner: -1 at the top, else the column of the
// collection's first key or "-".
func walkIndents(text string, lines []int, doc *yaml.Node, fn func(n *yaml.Node, parentIndent int)) {
	seen := map[*yaml.Node]bool{}
	var walk func(n *yaml.Node, parentIndent int)
	walk = func(n *yaml.Node, parentIndent int) {
		if seen[n] || n.Kind == yaml.AliasNode {
			return
		}
		seen[n] = true
		fn(n, parentIndent)
		indent := parentIndent
		if (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && n.Style&yaml.FlowStyle == 0 {
			indent = columnOf(text, nodeStart(text, lines, n.Line, n.Column))
		}
		for _, c := range n.Content {
			walk(c, indent)
		}
	}
	walk(doc, -1)
}

// blockScalar locates a literal or folded scalar: header is the offset of
// its "|" or ">", [from, to) its body lines, indent the body's
// indentation as PyYAML's scan_block_scalar computes it (an explicit
// indicator counts from the parent's indentation; otherwise the most
// leading spaces up to the first non-empty line, at least one more than
// the parent's), detected whether it was detected. ok is false when the
// node does not start with a block indicator.
type blockScalar struct {
	header, from, to, indent int
	detected                 bool
}

func locateBlock(text string, lines []int, n *yaml.Node, parentIndent int) (b blockScalar, ok bool) {
	h := nodeStart(text, lines, n.Line, n.Column)
	if h >= len(text) || (text[h] != '|' && text[h] != '>') {
		return b, false
	}
	b.header = h
	inc := 0
	for i := h + 1; i < len(text) && i <= h+2; i++ {
		if c := text[i]; c >= '1' && c <= '9' {
			inc = int(c - '0')
		} else if c != '+' && c != '-' {
			break
		}
	}
	b.from = endOfLine(text, h)
	switch {
	case inc > 0 && parentIndent >= 0:
		b.indent = parentIndent + inc
	case inc > 0:
		b.indent = inc
	default:
		b.detected = true
		i := b.from
		for i < len(text) {
			sp, empty := leadingSpaces(text, i)
			b.indent = max(b.indent, sp)
			if !empty {
				break
			}
			i = endOfLine(text, i)
		}
		b.indent = max(b.indent, parentIndent+1, 1)
	}
	b.to = b.from
	for b.to < len(text) {
		sp, empty := leadingSpaces(text, b.to)
		if !empty && sp < b.indent {
			break
		}
		b.to = endOfLine(text, b.to)
	}
	return b, true
}
