package claudemd

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "claude_md"

// New returns the claude_md kind.
func New() sources.Kind {
	return sources.Func[Options, Result]{
		KindName: Name,
		Summary:  "Claude Code's CLAUDE.md files: user, every ancestor's CLAUDE.md, .claude/ and CLAUDE.local.md, with @imports",
		Defaults: func() *Options {
			return &Options{SettingSources: []string{TypeUser, TypeProject, TypeLocal}}
		},
		Run: func(ctx context.Context, env sources.Env, o *Options) (Result, sources.Output, error) {
			r, diags, err := Load(ctx, env.FS, *o)
			return r, sources.Output{Diags: diags, Origins: r.origins, Excluded: r.excluded}, err
		},
	}
}
