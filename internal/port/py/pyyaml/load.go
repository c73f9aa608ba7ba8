package pyyaml

import (
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// SafeLoad is yaml.safe_load(text) of PyYAML 6: the value of the single
// document in text (nil for an empty stream), or an error wherever PyYAML
// raises (a scanner, parser, composer or constructor error, or a
// ValueError from datetime).
func SafeLoad(text string) (v any, err error) {
	if d, ok := simpleLoad(text); ok {
		return d, nil
	}
	return fullLoad(text)
}

// fullLoad is SafeLoad through the YAML parser, for any document.
func fullLoad(text string) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("yaml: %v", r)
		}
	}()
	if err := checkPrintable(text); err != nil {
		return nil, err
	}
	work, slash := newSlashFix(text)
	doc, parsed, err := parse(work)
	if err != nil || doc == nil {
		return nil, err
	}
	if err := checkScanner(parsed, doc); err != nil {
		return nil, err
	}
	c := composer{memo: map[*yaml.Node]*node{}, slash: slash, text: parsed, lines: lineStarts(parsed)}
	root := c.compose(doc)
	if c.err != nil {
		return nil, c.err
	}
	if root == nil {
		return nil, nil
	}
	b := builder{memo: map[*node]any{}}
	return b.construct(root)
}

// checkPrintable is PyYAML's Reader.check_printable.
func checkPrintable(text string) error {
	for _, r := range text {
		switch {
		case r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r <= 0x7E) || r == 0x85,
			r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
			continue
		}
		return fmt.Errorf("unacceptable character #x%04x: special characters are not allowed", r)
	}
	return nil
}

type builder struct {
	memo  map[*node]any
	depth int
}

// maxDepth bounds nesting, where Python would hit its recursion limit.
const maxDepth = 1000

func (b *builder) construct(n *node) (any, error) {
	if v, ok := b.memo[n]; ok {
		return v, nil
	}
	if b.depth++; b.depth > maxDepth {
		return nil, errors.New("RecursionError: maximum recursion depth exceeded")
	}
	defer func() { b.depth-- }()
	switch n.tag {
	case TagSeq:
		return b.seq(n)
	case TagMap:
		return b.mapping(n)
	case TagSet:
		return b.set(n)
	case TagOmap, TagPairs:
		return b.pairs(n)
	}
	value, err := scalarValue(n)
	if err != nil {
		if isScalarTag(n.tag) {
			return nil, err
		}
		return nil, undefined(n.tag)
	}
	var v any
	switch n.tag {
	case TagNull:
		v = nil
	case TagStr:
		v = value
	case TagBool:
		v, err = constructBool(value)
	case TagInt:
		v, err = constructInt(value)
	case TagFloat:
		v, err = constructFloat(value)
	case TagTimestamp:
		v, err = constructTimestamp(value)
	case TagBinary:
		v, err = constructBinary(value)
	default:
		return nil, undefined(n.tag)
	}
	if err != nil {
		return nil, err
	}
	b.memo[n] = v
	return v, nil
}

func isScalarTag(tag string) bool {
	switch tag {
	case TagNull, TagStr, TagBool, TagInt, TagFloat, TagTimestamp, TagBinary:
		return true
	}
	return false
}

func undefined(tag string) error {
	return fmt.Errorf("could not determine a constructor for the tag %s", quoteRepr(longTag(tag)))
}

func longTag(tag string) string {
	if strings.HasPrefix(tag, "!!") {
		return "tag:yaml.org,2002:" + tag[2:]
	}
	return tag
}

// scalarValue is SafeConstructor.construct_scalar: a scalar's text, or for
// a mapping the scalar under its "=" key.
func scalarValue(n *node) (string, error) {
	switch n.kind {
	case yaml.ScalarNode:
		return n.value, nil
	case yaml.MappingNode:
		for _, p := range n.pairs {
			if p.k.tag == TagValue {
				return scalarValue(p.v)
			}
		}
	}
	return "", fmt.Errorf("expected a scalar node, but found %s", kindName(n.kind))
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.SequenceNode:
		return "sequence"
	case yaml.MappingNode:
		return "mapping"
	}
	return "scalar"
}

func (b *builder) seq(n *node) (any, error) {
	if n.kind != yaml.SequenceNode {
		return nil, fmt.Errorf("expected a sequence node, but found %s", kindName(n.kind))
	}
	l := &List{}
	b.memo[n] = l
	for _, e := range n.items {
		v, err := b.construct(e)
		if err != nil {
			return nil, err
		}
		l.Items = append(l.Items, v)
	}
	return l, nil
}

func (b *builder) mapping(n *node) (any, error) {
	d := NewDict()
	b.memo[n] = d
	return d, b.fill(n, d)
}

func (b *builder) set(n *node) (any, error) {
	s := &Set{d: *NewDict()}
	b.memo[n] = s
	return s, b.fill(n, &s.d)
}

// fill is SafeConstructor.construct_mapping: flatten merges, then set
// every pair in order (later keys win, keeping the first key's place).
func (b *builder) fill(n *node, d *Dict) error {
	if n.kind != yaml.MappingNode {
		return fmt.Errorf("expected a mapping node, but found %s", kindName(n.kind))
	}
	if err := flatten(n, 0); err != nil {
		return err
	}
	for _, p := range n.pairs {
		k, err := b.construct(p.k)
		if err != nil {
			return err
		}
		if !Hashable(k) {
			return errors.New("while constructing a mapping: found unhashable key")
		}
		v, err := b.construct(p.v)
		if err != nil {
			return err
		}
		if err := d.Set(k, v); err != nil {
			return err
		}
	}
	return nil
}

// pairs is construct_yaml_omap / construct_yaml_pairs: a list of
// (key, value) tuples from a sequence of one-pair mappings.
func (b *builder) pairs(n *node) (any, error) {
	l := &List{}
	b.memo[n] = l
	if n.kind != yaml.SequenceNode {
		return nil, fmt.Errorf("while constructing an ordered map: expected a sequence, but found %s", kindName(n.kind))
	}
	for _, e := range n.items {
		if e.kind != yaml.MappingNode {
			return nil, fmt.Errorf("while constructing an ordered map: expected a mapping of length 1, but found %s", kindName(e.kind))
		}
		if len(e.pairs) != 1 {
			return nil, fmt.Errorf("while constructing an ordered map: expected a single mapping item, but found %d items", len(e.pairs))
		}
		k, err := b.construct(e.pairs[0].k)
		if err != nil {
			return nil, err
		}
		v, err := b.construct(e.pairs[0].v)
		if err != nil {
			return nil, err
		}
		l.Items = append(l.Items, Tuple{k, v})
	}
	return l, nil
}

// flatten is SafeConstructor.flatten_mapping, mutating n as PyYAML does:
// each "<<" pair is removed and the pairs of the mapping (or, in reverse
// order, of each mapping of the list) it names are put in front; a "="
// key becomes a plain string.
func flatten(n *node, depth int) error {
	if depth > maxDepth {
		return errors.New("RecursionError: maximum recursion depth exceeded")
	}
	var merge []pair
	for i := 0; i < len(n.pairs); {
		k, v := n.pairs[i].k, n.pairs[i].v
		switch k.tag {
		case TagMerge:
			n.pairs = append(n.pairs[:i:i], n.pairs[i+1:]...)
			switch v.kind {
			case yaml.MappingNode:
				if err := flatten(v, depth+1); err != nil {
					return err
				}
				merge = append(merge, v.pairs...)
			case yaml.SequenceNode:
				var sub [][]pair
				for _, s := range v.items {
					if s.kind != yaml.MappingNode {
						return fmt.Errorf("while constructing a mapping: expected a mapping for merging, but found %s", kindName(s.kind))
					}
					if err := flatten(s, depth+1); err != nil {
						return err
					}
					sub = append(sub, s.pairs)
				}
				for j := len(sub) - 1; j >= 0; j-- {
					merge = append(merge, sub[j]...)
				}
			default:
				return fmt.Errorf("while constructing a mapping: expected a mapping or list of mappings for merging, but found %s", kindName(v.kind))
			}
		case TagValue:
			k.tag = TagStr
			i++
		default:
			i++
		}
	}
	if len(merge)+len(n.pairs) > maxPairs {
		return errors.New("while constructing a mapping: too many merged keys")
	}
	if len(merge) > 0 {
		n.pairs = append(merge, n.pairs...)
	}
	return nil
}

// maxPairs bounds a mapping's size after merging: aliased merges can
// double it at every level (PyYAML would take exponential time).
const maxPairs = 1 << 16
