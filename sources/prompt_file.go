package sources

import (
	"context"

	"github.com/promptc/promptc/sources/promptfile"
)

// PromptFile is a text that comes from a flag value (literal text or a
// file) or, when no flag was given, from the first existing candidate file
// (pi's SYSTEM.md and APPEND_SYSTEM.md).
var PromptFile Kind = Func[promptfile.Options, promptfile.Result]{
	KindName: "prompt_file",
	Summary:  "text from flag values (text or file) or the first existing candidate file",
	Run: func(ctx context.Context, env Env, o *promptfile.Options) (promptfile.Result, Output, error) {
		r, err := promptfile.Load(ctx, env.FS, *o)
		return r, Output{Diags: r.Diags, Origins: r.Origins, Excluded: r.Excluded}, err
	},
}
