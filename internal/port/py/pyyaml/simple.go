package pyyaml

import "github.com/promptc/promptc/internal/port/simpleyaml"

// simpleLoad is SafeLoad for a simple document (see package simpleyaml)
// with at least one key, whose keys and plain values PyYAML's implicit
// resolvers read as strings: a *Dict of strings and nested *Dicts,
// without a YAML parser. ok is false for anything else, which SafeLoad
// then parses in full; where ok is true the result equals the full parse
// (FuzzSimpleLoad checks it).
func simpleLoad(text string) (*Dict, bool) {
	entries, ok := simpleyaml.Parse(text, func(plain string) bool { return Resolve(plain) == TagStr })
	if !ok || len(entries) == 0 {
		return nil, false
	}
	return toDict(entries), true
}

func toDict(entries []simpleyaml.Entry) *Dict {
	d := &Dict{keys: make([]any, 0, len(entries)), vals: make([]any, 0, len(entries)), index: make(map[string]int, len(entries))}
	for _, e := range entries {
		var v any = e.Value
		if e.Map != nil {
			v = toDict(e.Map)
		}
		d.Set(e.Key, v) // a string key is always hashable
	}
	return d
}
