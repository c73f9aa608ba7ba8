package sources

import (
	"context"

	"github.com/promptc/promptc/sources/resources"
)

// Skills discovers skill files (SKILL.md and top-level *.md) in settings
// entries, project and user skill dirs and explicit paths, validates their
// frontmatter and resolves name collisions (first wins).
var Skills Kind = Func[resources.SkillOptions, resources.SkillsResult]{
	KindName: "skills",
	Summary:  "skill discovery, validation and collisions (pi layout by default)",
	Defaults: func() *resources.SkillOptions {
		return &resources.SkillOptions{Layout: resources.PiLayout(), Discover: true}
	},
	Run: func(ctx context.Context, env Env, o *resources.SkillOptions) (resources.SkillsResult, Output, error) {
		r, err := resources.LoadSkills(ctx, env.FS, *o)
		return r, Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
	},
}

// PromptTemplates discovers prompt templates (*.md) used to expand
// "/name args" user messages.
var PromptTemplates Kind = Func[resources.TemplateOptions, resources.TemplatesResult]{
	KindName: "prompt_templates",
	Summary:  "prompt-template discovery for /name expansion (pi layout by default)",
	Defaults: func() *resources.TemplateOptions {
		return &resources.TemplateOptions{Layout: resources.PiLayout(), Discover: true}
	},
	Run: func(ctx context.Context, env Env, o *resources.TemplateOptions) (resources.TemplatesResult, Output, error) {
		r, err := resources.LoadTemplates(ctx, env.FS, *o)
		return r, Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
	},
}
