package promptfile

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "prompt_file"

// New returns the prompt_file kind: a text that comes from a flag value
// (literal text or a file) or, when no flag was given, from the first
// existing candidate file (pi's SYSTEM.md and APPEND_SYSTEM.md).
func New() sources.Kind {
	return sources.Func[Options, Result]{
		KindName: Name,
		Summary:  "text from flag values (text or file) or the first existing candidate file",
		Run: func(ctx context.Context, env sources.Env, o *Options) (Result, sources.Output, error) {
			r, err := Load(ctx, env.FS, *o)
			return r, sources.Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
		},
	}
}
