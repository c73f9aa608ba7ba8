package sources

import (
	"context"

	"github.com/promptc/promptc/sources/catalog"
)

// Catalog selects one language's table from a per-language string
// catalog declared in the pipeline, so that prompt text stays data.
var Catalog Kind = Func[catalog.Options, map[string]any]{
	KindName: "catalog",
	Summary:  "one language's table from a per-language string catalog",
	Run: func(ctx context.Context, _ Env, o *catalog.Options) (map[string]any, Output, error) {
		t, _, err := catalog.Select(*o)
		return t, Output{}, err
	},
}
