// Package skills is the skills source kind: pi's skill discovery (settings
// entries, project and user skill dirs, packages and explicit paths),
// frontmatter validation and name collisions, first wins.
package skills

import (
	"context"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

// Name is the kind's name in pipelines.
const Name = "skills"

// New returns the skills kind.
func New() sources.Kind {
	return sources.Func[piresources.SkillOptions, piresources.SkillsResult]{
		KindName: Name,
		Summary:  "skill discovery, validation and collisions (pi layout by default)",
		Defaults: func() *piresources.SkillOptions {
			return &piresources.SkillOptions{Layout: piresources.PiLayout(), Discover: true}
		},
		Run: func(ctx context.Context, env sources.Env, o *piresources.SkillOptions) (piresources.SkillsResult, sources.Output, error) {
			r, err := piresources.LoadSkills(ctx, env.FS, *o)
			return r, sources.Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
		},
	}
}
