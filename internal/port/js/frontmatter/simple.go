package frontmatter

import "github.com/promptc/promptc/internal/port/simpleyaml"

// simpleMapping parses the commonest front matter without a YAML parser
// (see package simpleyaml): npm yaml's core schema reads a simple
// document's plain scalars as strings unless they are a boolean or null
// spelled with a letter first. ok is false for anything else, which
// parseYAML then parses in full; where ok is true the result equals the
// full parse (FuzzSimpleMapping checks it).
func simpleMapping(src string) (m map[string]any, ok bool) {
	entries, ok := simpleyaml.Parse(src, func(plain string) bool { return !typedWord(plain) })
	if !ok {
		return nil, false
	}
	return toMap(entries), true
}

func toMap(entries []simpleyaml.Entry) map[string]any {
	m := make(map[string]any, len(entries))
	for _, e := range entries {
		if e.Map != nil {
			m[e.Key] = toMap(e.Map)
		} else {
			m[e.Key] = e.Value
		}
	}
	return m
}

// typedWord reports the plain scalars of the core schema that start with
// a letter and are not strings.
func typedWord(s string) bool {
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL":
		return true
	}
	return false
}
