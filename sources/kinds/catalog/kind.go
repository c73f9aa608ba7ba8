package catalog

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "catalog"

// New returns the catalog kind: one language's table from a per-language
// string catalog declared in the pipeline, so that prompt text stays data.
func New() sources.Kind {
	return sources.Func[Options, map[string]any]{
		KindName: Name,
		Summary:  "one language's table from a per-language string catalog",
		Run: func(ctx context.Context, _ sources.Env, o *Options) (map[string]any, sources.Output, error) {
			t, lang, err := Select(*o)
			if err != nil {
				return nil, sources.Output{}, err
			}
			return t, sources.Output{Decision: decide(*o, lang)}, nil
		},
	}
}
