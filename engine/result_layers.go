package engine

import "github.com/promptc/promptc/engine/spec"

// WithLayers returns a copy of r whose Layers also list extra, the whole
// list in precedence order (spec.SortLayers). r is not changed: a Builder hands
// the same Result to every caller until a file changes, so a host adds
// the layers it looked for to a copy.
func (r *Result) WithLayers(extra []spec.LayerReport) *Result {
	if len(extra) == 0 {
		return r
	}
	out := *r
	out.Layers = spec.SortLayers(append(append(make([]spec.LayerReport, 0, len(r.Layers)+len(extra)), r.Layers...), extra...))
	return &out
}
