package runtimerecord

import (
	"context"

	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "runtime_record"

// New returns the runtime_record kind: a host's runtime facts (time,
// model, workspace, channel) formatted for a runtime section.
func New() sources.Kind {
	return sources.Func[Options, Info]{
		KindName: Name,
		Summary:  "a host's runtime facts (time, model, workspace, channel) formatted for a section",
		Run: func(ctx context.Context, _ sources.Env, o *Options) (Info, sources.Output, error) {
			info := Format(*o)
			return info, sources.Output{Diags: info.Diags}, ctx.Err()
		},
	}
}
