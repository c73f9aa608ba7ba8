package sources

import (
	"context"

	"github.com/promptc/promptc/sources/contextfiles"
)

// ContextFilesOptions configures a context_files source.
type ContextFilesOptions struct {
	contextfiles.Options `koanf:",squash"`
	// Enabled false loads nothing (pi's --no-context-files).
	Enabled bool `koanf:"enabled"`
}

// ContextFiles walks from the working directory up to a stop rule and
// loads one instruction file per directory (AGENTS.md, CLAUDE.md, ...),
// plus a global one.
var ContextFiles Kind = Func[ContextFilesOptions, contextfiles.Result]{
	KindName: "context_files",
	Summary:  "one instruction file per directory from a global dir and the cwd's ancestors",
	Defaults: func() *ContextFilesOptions { return &ContextFilesOptions{Enabled: true} },
	Run: func(ctx context.Context, env Env, o *ContextFilesOptions) (contextfiles.Result, Output, error) {
		if !o.Enabled {
			return contextfiles.Result{Files: []contextfiles.File{}}, Output{}, nil
		}
		r, err := contextfiles.Load(ctx, env.FS, o.Options)
		return r, Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
	},
}
