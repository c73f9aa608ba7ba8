// Package prompttemplates is the prompt_templates source kind: pi's
// prompt-template discovery (*.md files used to expand "/name args" user
// messages).
package prompttemplates

import (
	"context"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

// Name is the kind's name in pipelines.
const Name = "prompt_templates"

// New returns the prompt_templates kind.
func New() sources.Kind {
	return sources.Func[piresources.TemplateOptions, piresources.TemplatesResult]{
		KindName: Name,
		Summary:  "prompt-template discovery for /name expansion (pi layout by default)",
		Defaults: func() *piresources.TemplateOptions {
			return &piresources.TemplateOptions{Layout: piresources.PiLayout(), Discover: true}
		},
		Run: func(ctx context.Context, env sources.Env, o *piresources.TemplateOptions) (piresources.TemplatesResult, sources.Output, error) {
			r, err := piresources.LoadTemplates(ctx, env.FS, *o)
			return r, sources.Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
		},
	}
}
