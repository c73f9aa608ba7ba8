package rankedlist

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "ranked_list"

// New returns the ranked_list kind: names in a fixed order first, then the
// rest by a fallback rule, each with an optional label.
func New() sources.Kind {
	return sources.Func[Options, Result]{
		KindName: Name,
		Summary:  "names in a fixed order first, then the rest (sorted, input order or dropped), with labels",
		Run: func(ctx context.Context, _ sources.Env, o *Options) (Result, sources.Output, error) {
			if err := o.Validate(); err != nil {
				return Result{}, sources.Output{}, err
			}
			return Rank(*o), sources.Output{}, ctx.Err()
		},
	}
}
