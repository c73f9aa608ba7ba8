package schema

import (
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Allowed lists, sorted, the keys the pipeline schema accepts in the
// object that holds pointer (a JSON pointer into a pipeline document):
// Allowed("/sections/intro/ordr") is every key a section may have. The
// schema is the one source of the pipeline's shape; "did you mean" hints
// and the tests that tie the spec's struct tags to it read it here. It is
// nil where the schema names no keys (a free-form map, or no such place).
func Allowed(pointer string) []string {
	s, err := compiled()
	if err != nil {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	for _, p := range parts[:len(parts)-1] {
		if s = child(s, unescape(p)); s == nil {
			return nil
		}
	}
	keys := map[string]bool{}
	collect(s, keys, 0)
	if len(keys) == 0 {
		return nil
	}
	out := make([]string, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// maxDepth bounds the references followed from one place in the schema.
const maxDepth = 16

// child is the schema of the value at key (or list index) inside an
// instance that s describes, nil when s says nothing of it.
func child(s *jsonschema.Schema, key string) *jsonschema.Schema {
	for _, b := range branches(s, 0) {
		if c, ok := b.Properties[key]; ok {
			return c
		}
		if c, ok := b.AdditionalProperties.(*jsonschema.Schema); ok {
			return c
		}
		if _, err := strconv.Atoi(key); err == nil {
			if c, ok := b.Items.(*jsonschema.Schema); ok {
				return c
			}
		}
	}
	return nil
}

// branches is s and every schema it refers to or combines, the places
// one instance's keys and items may be declared.
func branches(s *jsonschema.Schema, depth int) []*jsonschema.Schema {
	if s == nil || depth > maxDepth {
		return nil
	}
	out := []*jsonschema.Schema{s}
	out = append(out, branches(s.Ref, depth+1)...)
	for _, group := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf, {s.Then, s.Else}} {
		for _, b := range group {
			out = append(out, branches(b, depth+1)...)
		}
	}
	return out
}

func collect(s *jsonschema.Schema, into map[string]bool, depth int) {
	for _, b := range branches(s, depth) {
		for k := range b.Properties {
			into[k] = true
		}
	}
}

func unescape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}
