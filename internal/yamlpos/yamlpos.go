// Package yamlpos parses YAML into plain Go values while remembering where
// every value came from. koanf and the JSON Schema validator work on plain
// maps and lose positions; later phases turn a JSON pointer back into a
// file:line:col through the Index built here, so YAML is parsed only once.
package yamlpos

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/diag"
)

// Index maps JSON pointers ("/sections/cwd/when") to positions. Keys of
// mappings are recorded under Key(pointer).
type Index map[string]diag.Pos

// Key returns the index entry for the key node of the value at pointer.
func Key(pointer string) string { return pointer + "#key" }

// Block returns the index entry recorded for a block scalar (| or >) at
// pointer: the position of its first content line.
func Block(pointer string) string { return pointer + "#block" }

// Lookup returns the position of pointer, or of its nearest recorded ancestor.
func (ix Index) Lookup(pointer string) diag.Pos {
	for {
		if p, ok := ix[pointer]; ok {
			return p
		}
		i := strings.LastIndexByte(pointer, '/')
		if i < 0 {
			return diag.Pos{}
		}
		pointer = pointer[:i]
	}
}

// Merge copies src into ix; entries of src win (a later layer overrides).
func (ix Index) Merge(src Index) {
	for k, v := range src {
		ix[k] = v
	}
}

// Escape escapes a mapping key as a JSON pointer token (RFC 6901).
func Escape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// Unescape reverses Escape.
func Unescape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

// Parse decodes one YAML document. Scalars keep YAML 1.2 core-schema types
// (only true/false are booleans). Mapping keys must be strings. Syntax
// errors come back as diagnostics positioned in file.
func Parse(file string, data []byte) (map[string]any, Index, diag.List) {
	var diags diag.List
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		diags.Errorf(errPos(file, err), "yaml", "%s", errText(err))
		return nil, nil, diags
	}
	ix := Index{}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return map[string]any{}, ix, nil
	}
	root := doc.Content[0]
	c := converter{file: file, ix: ix, lines: strings.Split(string(data), "\n")}
	v := c.convert(root, "")
	if c.diags.HasErrors() {
		return nil, nil, c.diags
	}
	m, ok := v.(map[string]any)
	if !ok {
		if v == nil {
			return map[string]any{}, ix, c.diags
		}
		c.diags.Errorf(c.pos(root), "yaml", "a pipeline file must be a mapping, not %s", kindName(root))
		return nil, nil, c.diags
	}
	return m, ix, c.diags
}

type converter struct {
	file  string
	lines []string // the file's lines, for block-scalar indentation
	ix    Index
	diags diag.List
	depth int
	nodes int
}

// Limits that keep hostile input (recursive or exponential aliases) from
// exhausting the stack or memory.
const (
	maxDepth = 100
	maxNodes = 100_000
)

func (c *converter) pos(n *yaml.Node) diag.Pos {
	return diag.Pos{File: c.file, Line: n.Line, Column: n.Column}
}

// indent is the column where the content of a literal block scalar
// starting on line begins (its first line's indentation + 1), so that a
// column in the block's text maps to a column in the file; 0 (unknown)
// for folded blocks, whose lines are joined.
func (c *converter) indent(line int, literal bool) int {
	if !literal || line < 1 || line > len(c.lines) {
		return 0
	}
	l := c.lines[line-1]
	return len(l) - len(strings.TrimLeft(l, " ")) + 1
}

func (c *converter) convert(n *yaml.Node, ptr string) any {
	c.depth++
	c.nodes++
	defer func() { c.depth-- }()
	if c.depth > maxDepth || c.nodes > maxNodes {
		if !c.diags.HasErrors() {
			c.diags.Errorf(c.pos(n), "yaml", "document too deeply nested or too large (recursive alias?)")
		}
		return nil
	}
	c.ix[ptr] = c.pos(n)
	switch n.Kind {
	case yaml.AliasNode:
		return c.convert(n.Alias, ptr)
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return c.convert(n.Content[0], ptr)
	case yaml.SequenceNode:
		out := make([]any, len(n.Content))
		for i, e := range n.Content {
			out[i] = c.convert(e, ptr+"/"+strconv.Itoa(i))
		}
		return out
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Tag == "!!merge" {
				c.diags.Errorf(c.pos(k), "yaml", "merge keys (<<) are not supported")
				continue
			}
			if k.Kind != yaml.ScalarNode || (k.Tag != "!!str" && k.Tag != "!!int" && k.Tag != "!!bool") {
				c.diags.Errorf(c.pos(k), "yaml", "mapping keys must be strings, not %s", kindName(k))
				continue
			}
			child := ptr + "/" + Escape(k.Value)
			if _, dup := out[k.Value]; dup {
				c.diags.Errorf(c.pos(k), "yaml", "duplicate key %q (first at line %d)", k.Value, c.ix[Key(child)].Line)
				continue
			}
			c.ix[Key(child)] = c.pos(k)
			out[k.Value] = c.convert(v, child)
		}
		return out
	case yaml.ScalarNode:
		if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			c.ix[Block(ptr)] = diag.Pos{File: c.file, Line: n.Line + 1, Column: c.indent(n.Line+1, n.Style&yaml.LiteralStyle != 0)}
		}
		return c.scalar(n)
	}
	return nil
}

func (c *converter) scalar(n *yaml.Node) any {
	switch n.Tag {
	case "!!null":
		return nil
	case "!!bool":
		switch n.Value {
		case "true", "True", "TRUE":
			return true
		case "false", "False", "FALSE":
			return false
		}
		return n.Value
	case "!!int":
		if i, err := strconv.ParseInt(n.Value, 0, 64); err == nil {
			return i
		}
		return n.Value
	case "!!float":
		if f, err := strconv.ParseFloat(n.Value, 64); err == nil {
			return f
		}
		return n.Value
	}
	return n.Value
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		return fmt.Sprintf("the scalar %q", n.Value)
	}
	return "an unknown node"
}

// errPos extracts "line N" from a yaml.v3 error message.
func errPos(file string, err error) diag.Pos {
	msg := err.Error()
	if i := strings.Index(msg, "line "); i >= 0 {
		rest := msg[i+5:]
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if n, e := strconv.Atoi(rest[:j]); e == nil {
			return diag.Pos{File: file, Line: n}
		}
	}
	return diag.Pos{File: file}
}

// errText strips yaml.v3's "yaml: line N: " prefix, since the position is
// printed separately.
func errText(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if strings.HasPrefix(msg, "line ") {
		if i := strings.Index(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
	}
	if strings.HasPrefix(msg, "unmarshal errors:\n") {
		msg = strings.TrimSpace(strings.TrimPrefix(msg, "unmarshal errors:\n"))
	}
	return msg
}
