package codexdocs

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "codex_docs"

// New returns the codex_docs kind with Codex's defaults (a 32 KiB budget,
// no fallback names, the root marker .git).
func New() sources.Kind {
	return sources.Func[Options, Result]{
		KindName: Name,
		Summary:  "Codex CLI's global AGENTS.md and one project doc per dir from the project root down to the cwd, under a byte cap",
		Defaults: func() *Options {
			return &Options{MaxBytes: DefaultMaxBytes, FallbackFilenames: []string{}, RootMarkers: []string{".git"}}
		},
		Run: func(ctx context.Context, env sources.Env, o *Options) (Result, sources.Output, error) {
			r, diags, err := Load(ctx, env.FS, *o)
			return r, sources.Output{Diags: diags, Origins: r.origins, Excluded: r.excluded}, err
		},
	}
}
