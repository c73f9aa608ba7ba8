package frontmatter

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/lazyre"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"gopkg.in/yaml.v3"
)

// converter turns yaml.v3 nodes into Go values with npm yaml's typing.
type converter struct {
	src     string
	lines   []string
	active  map[*yaml.Node]bool // nodes being converted (alias cycle guard)
	aliased int                 // values produced through aliases
}

func (c *converter) value(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return c.value(n.Content[0])
	case yaml.AliasNode:
		return c.alias(n)
	case yaml.ScalarNode:
		if c.nonSpecific(n) {
			return n.Value, nil // "! value" is a string
		}
		return scalar(n), nil
	case yaml.SequenceNode:
		if c.active[n] {
			return nil, nil
		}
		c.active[n] = true
		defer delete(c.active, n)
		out := make([]any, 0, len(n.Content))
		for _, item := range n.Content {
			v, err := c.value(item)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		if c.active[n] {
			return nil, nil
		}
		c.active[n] = true
		defer delete(c.active, n)
		return c.mapping(n)
	}
	return nil, nil
}

func (c *converter) alias(n *yaml.Node) (any, error) {
	if n.Alias == nil || c.active[n.Alias] {
		// A reference to an enclosing node: JS would build a cyclic object;
		// nothing downstream reads such values, so stop here.
		return nil, nil
	}
	c.aliased += countNodes(n.Alias, maxAliasNodes+1)
	if c.aliased > maxAliasNodes {
		return nil, newYAMLError(c.src, "Excessive alias count indicates a resource exhaustion attack", n.Line, n.Column)
	}
	return c.value(n.Alias)
}

// countNodes counts the nodes under n (aliases followed), stopping at limit.
func countNodes(n *yaml.Node, limit int) int {
	count := 0
	var walk func(*yaml.Node, int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || count >= limit || depth > 100 {
			return
		}
		count++
		if n.Kind == yaml.AliasNode {
			walk(n.Alias, depth+1)
			return
		}
		for _, ch := range n.Content {
			walk(ch, depth+1)
		}
	}
	walk(n, 0)
	return count
}

func (c *converter) mapping(n *yaml.Node) (map[string]any, error) {
	out := make(map[string]any, len(n.Content)/2)
	seen := make(map[string]bool, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		kv, err := c.value(kn)
		if err != nil {
			return nil, err
		}
		key := keyString(kv)
		if kn.Kind == yaml.ScalarNode {
			// npm yaml compares scalar keys by value; a repeat is an error.
			id := scalarIdentity(kv)
			if id != "" && seen[id] {
				return nil, newYAMLError(c.src, "Map keys must be unique", kn.Line, kn.Column)
			}
			seen[id] = true
		}
		v, err := c.value(vn)
		if err != nil {
			return nil, err
		}
		out[key] = v
	}
	return out, nil
}

// scalarIdentity distinguishes scalar keys as JS === would: the string "1"
// and the number 1 differ, 1 and 1.0 do not.
func scalarIdentity(v any) string {
	switch k := v.(type) {
	case string:
		return "s" + k
	case int64:
		return "n" + strconv.FormatInt(k, 10)
	case float64:
		if math.IsNaN(k) {
			return "" // NaN !== NaN: never a duplicate
		}
		if k == math.Trunc(k) && math.Abs(k) < 1<<53 {
			return "n" + strconv.FormatInt(int64(k), 10)
		}
		return "n" + jsstr.Number(k)
	}
	return "o" + keyString(v)
}

// keyString turns a key value into a JS property name: String(key), with
// null becoming "".
func keyString(v any) string {
	if v == nil {
		return ""
	}
	return jsstr.String(v)
}

// Core-schema (YAML 1.2) resolution of plain scalars, in the npm yaml
// package's order: null, bool, octal int, decimal int, hex int, nan/inf,
// exponent float, float; anything else is a string.
var (
	reNull     = lazyre.New(`^(?:~|[Nn]ull|NULL)?$`)
	reTrue     = lazyre.New(`^(?:[Tt]rue|TRUE)$`)
	reFalse    = lazyre.New(`^(?:[Ff]alse|FALSE)$`)
	reIntOct   = lazyre.New(`^0o[0-7]+$`)
	reIntDec   = lazyre.New(`^[-+]?[0-9]+$`)
	reIntHex   = lazyre.New(`^0x[0-9a-fA-F]+$`)
	reFloatNaN = lazyre.New(`^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$`)
	reFloatExp = lazyre.New(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$`)
	reFloat    = lazyre.New(`^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$`)
)

// scalar converts a scalar node. Quoted and block scalars are strings;
// plain scalars are resolved with the core schema. An explicit !!null,
// !!bool, !!int or !!float tag applies only when the text matches that
// type (else npm yaml keeps a string); any other tag leaves a string.
func scalar(n *yaml.Node) any {
	if n.Style&yaml.TaggedStyle != 0 {
		var v any
		switch n.Tag {
		case "!!null":
			if reNull().MatchString(n.Value) {
				return nil
			}
		case "!!bool":
			if reTrue().MatchString(n.Value) || reFalse().MatchString(n.Value) {
				return reTrue().MatchString(n.Value)
			}
		case "!!int":
			if reIntOct().MatchString(n.Value) || reIntDec().MatchString(n.Value) || reIntHex().MatchString(n.Value) {
				v, _ = resolveNumber(n.Value)
				return v
			}
		case "!!float":
			if reFloatNaN().MatchString(n.Value) || reFloatExp().MatchString(n.Value) || reFloat().MatchString(n.Value) {
				v, _ = resolveNumber(n.Value)
				return v
			}
		}
		return n.Value
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return n.Value
	}
	return resolvePlain(n.Value)
}

// nonSpecific reports a scalar written with the non-specific tag "!",
// which yaml.v3 drops but which makes npm yaml keep a string.
func (c *converter) nonSpecific(n *yaml.Node) bool {
	if n.Style&yaml.TaggedStyle != 0 || n.Line < 1 || n.Line > len(c.lines) {
		return false
	}
	l := c.lines[n.Line-1]
	off := 0
	for col := 1; col < n.Column && off < len(l); col++ {
		_, size := utf8.DecodeRuneInString(l[off:])
		off += size
	}
	rest := l[off:]
	return rest == "!" || strings.HasPrefix(rest, "! ") || strings.HasPrefix(rest, "!\t")
}

func resolvePlain(s string) any {
	switch {
	case reNull().MatchString(s):
		return nil
	case reTrue().MatchString(s):
		return true
	case reFalse().MatchString(s):
		return false
	}
	if v, ok := resolveNumber(s); ok {
		return v
	}
	return s
}

func resolveNumber(s string) (any, bool) {
	switch {
	case reIntOct().MatchString(s):
		return intValue(s[2:], 8), true
	case reIntDec().MatchString(s):
		return intValue(s, 10), true
	case reIntHex().MatchString(s):
		return intValue(s[2:], 16), true
	case reFloatNaN().MatchString(s):
		if strings.HasSuffix(strings.ToLower(s), "nan") {
			return math.NaN(), true
		}
		if s[0] == '-' {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case reFloatExp().MatchString(s), reFloat().MatchString(s):
		f, _ := strconv.ParseFloat(s, 64) // range errors give ±Inf or 0, as JS does
		return f, true
	}
	return nil, false
}

// maxSafe is JavaScript's Number.MAX_SAFE_INTEGER.
const maxSafe = 1<<53 - 1

// intValue parses digits (with an optional sign) in base. Values beyond
// JavaScript's safe integers become the float64 JS would hold.
func intValue(digits string, base int) any {
	if v, err := strconv.ParseInt(digits, base, 64); err == nil && v <= maxSafe && v >= -maxSafe {
		return v
	}
	if base == 10 {
		f, _ := strconv.ParseFloat(digits, 64)
		return f
	}
	b, _ := new(big.Int).SetString(digits, base)
	f, _ := new(big.Float).SetInt(b).Float64()
	return f
}
