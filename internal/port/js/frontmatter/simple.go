package frontmatter

import "github.com/promptc/promptc/internal/port/simpleyaml"

// simpleMapping parses the commonest front matter without a YAML parser
// (see package simpleyaml), whose plain scalars npm yaml's core schema
// reads as strings, except the booleans and nulls spelled with a letter
// first (corePlain). ok is false for anything else, which
// parseYAML then parses in full; where ok is true the result equals the
// full parse (FuzzSimpleMapping checks it).
func simpleMapping(src string) (m map[string]any, ok bool) {
	entries, ok := simpleyaml.Parse(src, corePlain)
	if !ok {
		return nil, false
	}
	return toMap(entries), true
}

func toMap(entries []simpleyaml.Entry) map[string]any {
	m := make(map[string]any, len(entries))
	for _, e := range entries {
		m[e.Key] = toValue(e)
	}
	return m
}

// toValue is an entry's value as the full parse gives it: a mapping as
// map[string]any, a sequence as []any.
func toValue(e simpleyaml.Entry) any {
	switch {
	case e.Map != nil:
		return toMap(e.Map)
	case e.Seq != nil:
		items := make([]any, len(e.Seq))
		for i, it := range e.Seq {
			items[i] = toValue(it)
		}
		return items
	}
	return e.Value
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
