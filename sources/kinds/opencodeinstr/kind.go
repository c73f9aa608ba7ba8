package opencodeinstr

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "opencode_instructions"

// New returns the opencode_instructions kind.
func New() sources.Kind {
	return sources.Func[Options, Result]{
		KindName: Name,
		Summary:  "opencode's instruction files: a global file, the first of AGENTS.md/CLAUDE.md/CONTEXT.md up to the worktree root (deepest first), config instructions",
		Run: func(ctx context.Context, env sources.Env, o *Options) (Result, sources.Output, error) {
			r, diags, err := Load(ctx, env.FS, *o)
			return r, sources.Output{Diags: diags, Origins: r.origins, Excluded: r.excluded}, err
		},
	}
}
