package pyyaml

import (
	"errors"
	"strings"

	"gopkg.in/yaml.v3"
)

// node is PyYAML's representation graph node: aliases are the same node,
// and merge flattening mutates pairs in place, as PyYAML does.
type node struct {
	kind  yaml.Kind // ScalarNode, SequenceNode or MappingNode
	tag   string
	value string
	items []*node
	pairs []pair
}

type pair struct{ k, v *node }

type composer struct {
	memo  map[*yaml.Node]*node
	slash *slashFix
	text  string // the text yaml.v3 parsed
	lines []int
	err   error
}

func (c *composer) compose(y *yaml.Node) *node {
	if n, ok := c.memo[y]; ok {
		return n
	}
	switch y.Kind {
	case yaml.DocumentNode:
		if len(y.Content) == 0 {
			return nil
		}
		return c.compose(y.Content[0])
	case yaml.AliasNode:
		return c.compose(y.Alias)
	}
	n := &node{kind: y.Kind, tag: y.Tag, value: c.slash.restore(y)}
	c.memo[y] = n
	switch y.Kind {
	case yaml.ScalarNode:
		n.tag = scalarTag(y, n.value)
	case yaml.SequenceNode:
		for _, e := range y.Content {
			item := c.compose(e)
			if key, ok := c.colonKey(y, e, "]"); ok {
				// [a:, b]: PyYAML reads "a" and a value indicator.
				item = &node{kind: yaml.MappingNode, tag: TagMap, pairs: []pair{{key, &node{kind: yaml.ScalarNode, tag: TagNull}}}}
			}
			n.items = append(n.items, item)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(y.Content); i += 2 {
			k, v := c.compose(y.Content[i]), c.compose(y.Content[i+1])
			if key, ok := c.colonKey(y, y.Content[i], "}"); ok {
				k = key
			}
			if _, ok := c.colonKey(y, y.Content[i+1], "}"); ok && c.err == nil {
				c.err = errors.New("while parsing a flow mapping: expected ',' or '}', but got ':'")
			}
			n.pairs = append(n.pairs, pair{k, v})
		}
	}
	return n
}

// colonKey handles a plain scalar in a flow collection that ends with ":"
// right before "," or the closing bracket: YAML 1.2 (and yaml.v3) keeps
// the colon in the scalar, PyYAML reads it as a value indicator. It
// returns the scalar without the colon.
func (c *composer) colonKey(parent, y *yaml.Node, closing string) (*node, bool) {
	if parent.Style&yaml.FlowStyle == 0 || y.Kind != yaml.ScalarNode ||
		y.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 ||
		!strings.HasSuffix(y.Value, ":") {
		return nil, false
	}
	at := nodeStart(c.text, c.lines, y.Line, y.Column)
	end := at + len(y.Value)
	if end > len(c.text) || c.text[at:end] != y.Value {
		return nil, false
	}
	rest := strings.TrimLeft(c.text[end:], " ")
	if rest == "" || (rest[0] != ',' && !strings.HasPrefix(rest, closing)) {
		return nil, false
	}
	value := strings.TrimSuffix(c.slash.restore(y), ":")
	tag := TagStr
	if y.Style&yaml.TaggedStyle != 0 {
		tag = y.Tag
	} else if value != "" {
		tag = Resolve(value)
	}
	return &node{kind: yaml.ScalarNode, tag: tag, value: value}, true
}

// scalarTag is the tag PyYAML's composer gives a scalar: the explicit one,
// !!str when quoted or a block scalar, else the implicit resolution.
func scalarTag(y *yaml.Node, value string) string {
	switch {
	case y.Style&yaml.TaggedStyle != 0:
		return y.Tag
	case y.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return TagStr
	}
	return Resolve(value)
}
