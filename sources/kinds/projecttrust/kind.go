package projecttrust

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "project_trust"

// New returns the project_trust kind: whether a project's own resources may
// load — a forced decision, else "nothing needs trust", else a trust
// store, else a default setting, else untrusted.
func New() sources.Kind {
	return sources.Func[Options, Result]{
		KindName: Name,
		Summary:  "whether project resources load (forced, marker scan, trust store, default setting)",
		Run: func(ctx context.Context, env sources.Env, o *Options) (Result, sources.Output, error) {
			r, err := Decide(ctx, env.FS, *o)
			return r, sources.Output{Origins: r.Origins, Excluded: r.Excluded}, err
		},
	}
}
