package cowagentskills

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "cowagent_skills"

// KindOptions configures a cowagent_skills source.
type KindOptions struct {
	Options `koanf:",squash"`
	// Config is the host's skills object ({builtin_dir, custom_dir, env},
	// the params contract's `skills`); its keys override the options of
	// the same name and any other key is an error. nil (no skill manager)
	// loads nothing; pass {} to use the options alone.
	Config map[string]any `koanf:"config"`
}

// New returns the cowagent_skills kind: CowAgent's builtin and workspace
// skills, filtered as its SkillManager does, and the skills block; it
// fails where CowAgent's refresh_skills raises (a *BuildError).
func New() sources.Kind {
	return sources.Func[KindOptions, Result]{
		KindName: Name,
		Summary:  "CowAgent's skills block: builtin then workspace skills, filtered and formatted",
		Defaults: func() *KindOptions { return &KindOptions{Options: Options{Knowledge: true}} },
		Run: func(ctx context.Context, env sources.Env, o *KindOptions) (Result, sources.Output, error) {
			if o.Config == nil {
				return Result{Skills: []Skill{}, Unavailable: []Skill{}}, sources.Output{}, nil
			}
			opts := o.Options
			if err := opts.ApplyConfig(o.Config); err != nil {
				return Result{}, sources.Output{}, err
			}
			r, err := Load(ctx, env.FS, opts)
			return r, sources.Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
		},
	}
}
