package sources

import (
	"context"

	"github.com/promptc/promptc/sources/workspace"
)

// WorkspaceFilesOptions configures a workspace_files source.
type WorkspaceFilesOptions struct {
	workspace.Options `koanf:",squash"`
	// Enabled false loads nothing (no workspace).
	Enabled bool `koanf:"enabled"`
}

// WorkspaceFiles loads an ordered list of files from a workspace with
// template-placeholder detection, truncation and skip rules.
var WorkspaceFiles Kind = Func[WorkspaceFilesOptions, workspace.Result]{
	KindName: "workspace_files",
	Summary:  "an ordered list of workspace files with placeholder, truncation and skip rules",
	Defaults: func() *WorkspaceFilesOptions { return &WorkspaceFilesOptions{Enabled: true} },
	Run: func(ctx context.Context, env Env, o *WorkspaceFilesOptions) (workspace.Result, Output, error) {
		if !o.Enabled {
			return workspace.Result{Files: []workspace.File{}, Names: []string{}}, Output{}, nil
		}
		r, err := workspace.Load(ctx, env.FS, o.Options)
		return r, Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
	},
}
