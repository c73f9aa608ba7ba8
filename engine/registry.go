package engine

import (
	"fmt"
	"sort"

	"github.com/promptc/promptc/sources"
)

// Registry holds the source kinds a pipeline may use. It is built
// explicitly by the caller (nothing registers itself) and is read-only
// after construction.
type Registry struct {
	kinds map[string]sources.Kind
}

// NewRegistry builds a registry and fails on duplicate kind names.
func NewRegistry(kinds ...sources.Kind) (*Registry, error) {
	r := &Registry{kinds: make(map[string]sources.Kind, len(kinds))}
	for _, k := range kinds {
		if _, dup := r.kinds[k.Name()]; dup {
			return nil, fmt.Errorf("duplicate source kind %q", k.Name())
		}
		r.kinds[k.Name()] = k
	}
	return r, nil
}

// Kind returns the kind called name.
func (r *Registry) Kind(name string) (sources.Kind, bool) {
	k, ok := r.kinds[name]
	return k, ok
}

// Names lists the registered kinds, sorted.
func (r *Registry) Names() []string {
	out := make([]string, 0, len(r.kinds))
	for n := range r.kinds {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
