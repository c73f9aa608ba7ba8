package sources

import (
	"context"

	"github.com/promptc/promptc/sources/ranked"
)

// RankedList orders names: a fixed order first, then the rest by a
// fallback rule, each with an optional label.
var RankedList Kind = Func[ranked.Options, ranked.Result]{
	KindName: "ranked_list",
	Summary:  "names in a fixed order first, then the rest (sorted, input order or dropped), with labels",
	Run: func(ctx context.Context, _ Env, o *ranked.Options) (ranked.Result, Output, error) {
		if err := o.Validate(); err != nil {
			return ranked.Result{}, Output{}, err
		}
		return ranked.Rank(*o), Output{}, ctx.Err()
	},
}
