package contextfiles

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "context_files"

// KindOptions configures a context_files source.
type KindOptions struct {
	Options `koanf:",squash"`
	// Enabled false loads nothing (pi's --no-context-files).
	Enabled bool `koanf:"enabled"`
}

// New returns the context_files kind: it walks from the working directory
// up to a stop rule and loads one instruction file per directory
// (AGENTS.md, CLAUDE.md, ...), plus a global one.
func New() sources.Kind {
	return sources.Func[KindOptions, Result]{
		KindName: Name,
		Summary:  "one instruction file per directory from a global dir and the cwd's ancestors",
		Defaults: func() *KindOptions { return &KindOptions{Enabled: true} },
		Run: func(ctx context.Context, env sources.Env, o *KindOptions) (Result, sources.Output, error) {
			if !o.Enabled {
				return Result{Files: []File{}}, sources.Output{}, nil
			}
			r, err := Load(ctx, env.FS, o.Options)
			return r, sources.Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
		},
	}
}
