package sources

import (
	"context"

	"github.com/promptc/promptc/sources/trust"
)

// ProjectTrust decides whether a project's own resources may load: a
// forced decision, else "nothing needs trust", else a trust store, else a
// default setting, else untrusted.
var ProjectTrust Kind = Func[trust.Options, trust.Result]{
	KindName: "project_trust",
	Summary:  "whether project resources load (forced, marker scan, trust store, default setting)",
	Run: func(ctx context.Context, env Env, o *trust.Options) (trust.Result, Output, error) {
		r, err := trust.Decide(ctx, env.FS, *o)
		return r, Output{Origins: r.Origins, Excluded: r.Excluded}, err
	},
}
