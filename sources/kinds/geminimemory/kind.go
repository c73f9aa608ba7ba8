package geminimemory

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "gemini_memory"

// New returns the gemini_memory kind.
func New() sources.Kind {
	return sources.Func[Options, Result]{
		KindName: Name,
		Summary:  "Gemini CLI's context files: global ~/.gemini files, extensions, and every NAME from the workspace dirs up to their git roots, sorted by path",
		Run: func(ctx context.Context, env sources.Env, o *Options) (Result, sources.Output, error) {
			r, diags, err := Load(ctx, env.FS, *o)
			return r, sources.Output{Diags: diags, Origins: r.origins, Excluded: r.excluded}, err
		},
	}
}
