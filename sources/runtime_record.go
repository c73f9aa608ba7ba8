package sources

import (
	"context"

	"github.com/promptc/promptc/sources/runtimeinfo"
)

// RuntimeRecord formats a host's runtime facts (time, model, workspace,
// channel) for a runtime section.
var RuntimeRecord Kind = Func[runtimeinfo.Options, runtimeinfo.Info]{
	KindName: "runtime_record",
	Summary:  "a host's runtime facts (time, model, workspace, channel) formatted for a section",
	Run: func(ctx context.Context, _ Env, o *runtimeinfo.Options) (runtimeinfo.Info, Output, error) {
		info := runtimeinfo.Format(*o)
		return info, Output{Diags: info.Diags}, ctx.Err()
	},
}
