package pyyaml

import "github.com/promptc/promptc/internal/port/simpleyaml"

// simpleLoad is SafeLoad for a simple document (see package simpleyaml)
// with at least one key, whose keys PyYAML's implicit resolvers read as
// strings and plain values as strings, booleans or None: a *Dict of
// those and nested *Dicts, without a YAML parser. ok is false for anything else, which SafeLoad
// then parses in full; where ok is true the result equals the full parse
// (FuzzSimpleLoad checks it).
func simpleLoad(text string) (*Dict, bool) {
	entries, ok := simpleyaml.Parse(text, safePlain)
	if !ok || len(entries) == 0 {
		return nil, false
	}
	return toDict(entries), true
}

// safePlain reads a plain scalar as SafeLoader does, for the types the
// fast path takes.
func safePlain(s string) (any, bool) {
	switch Resolve(s) {
	case TagStr:
		return s, true
	case TagBool:
		v, err := constructBool(s)
		return v, err == nil
	case TagNull:
		return nil, true
	}
	return nil, false
}

func toDict(entries []simpleyaml.Entry) *Dict {
	return simpleyaml.Fold(entries, func(keys []string, vals []any) any {
		d := &Dict{keys: make([]any, 0, len(keys)), vals: make([]any, 0, len(keys)), index: make(map[string]int, len(keys))}
		for i, k := range keys {
			d.Set(k, vals[i]) // a string key is always hashable
		}
		return d
	}, func(vals []any) any {
		if len(vals) == 0 {
			return &List{} // as the full load builds it: no items, nil
		}
		return &List{Items: vals}
	}).(*Dict)
}
