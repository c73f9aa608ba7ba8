package frontmatter

import (
	"strings"

	"github.com/promptc/promptc/internal/port/simpleyaml"
)

// simpleMapping parses the commonest front matter without a YAML parser
// (see package simpleyaml), whose plain scalars npm yaml's core schema
// reads as strings, except the booleans and nulls spelled with a letter
// first (corePlain). ok is false for anything else, which
// parseYAML then parses in full; where ok is true the result equals the
// full parse (FuzzSimpleMapping checks it).
func simpleMapping(src string) (m map[string]any, ok bool) {
	if !strings.HasSuffix(src, "\n") {
		// npm yaml reads a last line without a break as if it had one (a
		// clipped block scalar ends in "\n" either way); simpleyaml
		// leaves such a block scalar to the parser, for PyYAML's sake.
		src += "\n"
	}
	entries, ok := simpleyaml.Parse(src, corePlain)
	if !ok {
		return nil, false
	}
	return toMap(entries), true
}

func toMap(entries []simpleyaml.Entry) map[string]any {
	return simpleyaml.Fold(entries, func(keys []string, vals []any) any {
		m := make(map[string]any, len(keys))
		for i, k := range keys {
			m[k] = vals[i]
		}
		return m
	}, func(vals []any) any { return vals }).(map[string]any)
}

// corePlain reads a plain scalar that starts with a letter as the core
// schema does.
func corePlain(s string) (any, bool) {
	switch s {
	case "true", "True", "TRUE":
		return true, true
	case "false", "False", "FALSE":
		return false, true
	case "null", "Null", "NULL":
		return nil, true
	}
	return s, true
}
