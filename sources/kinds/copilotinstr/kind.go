package copilotinstr

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "copilot_instructions"

// New returns the copilot_instructions kind.
func New() sources.Kind {
	return sources.Func[Options, Result]{
		KindName: Name,
		Summary:  "GitHub Copilot CLI's instruction files: copilot-instructions.md, AGENTS.md/CLAUDE.md/GEMINI.md from the git root to the cwd, *.instructions.md inlined or listed by applyTo",
		Run: func(ctx context.Context, env sources.Env, o *Options) (Result, sources.Output, error) {
			r, err := Load(ctx, env.FS, *o)
			return r, sources.Output{Origins: r.origins, Excluded: r.excluded}, err
		},
	}
}
