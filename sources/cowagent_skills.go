package sources

import (
	"context"

	"github.com/promptc/promptc/sources/cowskills"
)

// CowAgentSkillsOptions configures a cowagent_skills source.
type CowAgentSkillsOptions struct {
	cowskills.Options `koanf:",squash"`
	// Config is the host's skills object ({builtin_dir, custom_dir, env},
	// the params contract's `skills`); its keys override the options of
	// the same name and any other key is an error. nil (no skill manager)
	// loads nothing; pass {} to use the options alone.
	Config map[string]any `koanf:"config"`
}

// CowAgentSkills loads CowAgent's builtin and workspace skills, filters
// them as its SkillManager does and formats the skills block; it fails
// where CowAgent's refresh_skills raises (a *cowskills.BuildError).
var CowAgentSkills Kind = Func[CowAgentSkillsOptions, cowskills.Result]{
	KindName: "cowagent_skills",
	Summary:  "CowAgent's skills block: builtin then workspace skills, filtered and formatted",
	Defaults: func() *CowAgentSkillsOptions {
		return &CowAgentSkillsOptions{Options: cowskills.Options{Knowledge: true}}
	},
	Run: func(ctx context.Context, env Env, o *CowAgentSkillsOptions) (cowskills.Result, Output, error) {
		if o.Config == nil {
			return cowskills.Result{Skills: []cowskills.Skill{}, Unavailable: []cowskills.Skill{}}, Output{}, nil
		}
		opts := o.Options
		if err := opts.ApplyConfig(o.Config); err != nil {
			return cowskills.Result{}, Output{}, err
		}
		r, err := cowskills.Load(ctx, env.FS, opts)
		return r, Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
	},
}
