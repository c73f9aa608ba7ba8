package pyyaml

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// checkScanner rejects, in a document yaml.v3 accepted, what PyYAML's
// scanner and composer refuse:
//
//   - an anchor defined twice (PyYAML: "found duplicate anchor");
//   - the escape \' in a double-quoted scalar (YAML 1.2 only);
//   - a tab outside a quoted scalar, a comment or a block scalar's body:
//     PyYAML skips only spaces between tokens and ends a plain scalar at
//     a tab, where YAML 1.2 and yaml.v3 take tabs as white space. A "#"
//     at the start of a line or after white space outside those scalars
//     starts a comment.
func checkScanner(text string, doc *yaml.Node) error {
	lines := lineStarts(text)
	hasTab := strings.ContainsRune(text, '\t')
	type zone struct{ from, to int } // [from, to): tabs are content
	var zones []zone
	anchors := map[string]bool{}
	var err error
	walkIndents(text, lines, doc, func(n *yaml.Node, parentIndent int) {
		if err != nil {
			return
		}
		if n.Anchor != "" {
			if anchors[n.Anchor] {
				err = fmt.Errorf("found duplicate anchor %s", quoteRepr(n.Anchor))
				return
			}
			anchors[n.Anchor] = true
		}
		if n.Kind != yaml.ScalarNode {
			return
		}
		switch {
		case n.Style&yaml.DoubleQuotedStyle != 0:
			at := nodeStart(text, lines, n.Line, n.Column)
			end := endDoubleQuoted(text, at)
			if strings.Contains(strings.ReplaceAll(text[at:end], `\\`, ""), `\'`) {
				err = errors.New("while scanning a double-quoted scalar: found unknown escape character \"'\"")
				return
			}
			zones = append(zones, zone{at, end})
		case !hasTab:
		case n.Style&yaml.SingleQuotedStyle != 0:
			at := nodeStart(text, lines, n.Line, n.Column)
			zones = append(zones, zone{at, endSingleQuoted(text, at)})
		case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
			if b, ok := locateBlock(text, lines, n, parentIndent); ok && b.from < b.to {
				zones = append(zones, zone{b.from, b.to})
			}
		}
	})
	if err != nil || !hasTab {
		return err
	}
	sort.Slice(zones, func(i, j int) bool { return zones[i].from < zones[j].from })
	z := 0
	prevSpace := true
	for i := 0; i < len(text); {
		for z < len(zones) && zones[z].to <= i {
			z++
		}
		if z < len(zones) && zones[z].from <= i {
			i = zones[z].to
			prevSpace = false
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '#' && prevSpace:
			i = endOfLine(text, i)
			prevSpace = true
			continue
		case r == '\t':
			return errors.New("while scanning for the next token: found character '\\t' that cannot start any token")
		}
		prevSpace = r == ' ' || isBreak(r)
		i += size
	}
	return nil
}
