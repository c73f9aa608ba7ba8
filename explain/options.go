package explain

import (
	"github.com/expr-lang/expr"

	"github.com/promptc/promptc/sources"
)

// options rebuilds the options source id was resolved with, for the parts
// of a report that its value alone does not tell: the kind's defaults, its
// `with` settings, then its `args` evaluated over params and sources. It
// reports false when the source is not of kind k or an option cannot be
// rebuilt (an argument using an engine-only function, say), since the
// report must not fail where the run succeeded.
func (b *builder) options(id string, k sources.Kind) (any, bool) {
	spec, ok := b.specs[id]
	if !ok || spec.Kind != k.Name() {
		return nil, false
	}
	opts := k.Options()
	for name, v := range spec.With {
		if sources.Set(opts, name, v) != nil {
			return nil, false
		}
	}
	if len(spec.Args) > 0 && b.envCache == nil {
		b.envCache = b.env()
	}
	for name, src := range spec.Args {
		v, err := expr.Eval(src, b.envCache)
		if err != nil || sources.Set(opts, name, v) != nil {
			return nil, false
		}
	}
	return opts, true
}
