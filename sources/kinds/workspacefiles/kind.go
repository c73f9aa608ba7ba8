package workspacefiles

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "workspace_files"

// KindOptions configures a workspace_files source.
type KindOptions struct {
	Options `koanf:",squash"`
	// Enabled false loads nothing (no workspace).
	Enabled bool `koanf:"enabled"`
}

// New returns the workspace_files kind: an ordered list of files from a
// workspace with template-placeholder detection, truncation and skip rules.
func New() sources.Kind {
	return sources.Func[KindOptions, Result]{
		KindName: Name,
		Summary:  "an ordered list of workspace files with placeholder, truncation and skip rules",
		Defaults: func() *KindOptions { return &KindOptions{Enabled: true} },
		Run: func(ctx context.Context, env sources.Env, o *KindOptions) (Result, sources.Output, error) {
			if !o.Enabled {
				return Result{Files: []File{}, Names: []string{}}, sources.Output{}, nil
			}
			r, err := Load(ctx, env.FS, o.Options)
			return r, sources.Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
		},
	}
}
