package engine_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/builtin"
	"github.com/promptc/promptc/sources/osfs"
)

// greetingOptions configures the example kind: the `with:` and `args:`
// option names are the koanf tags.
type greetingOptions struct {
	Who   string `koanf:"who"`
	Times int    `koanf:"times"`
}

// greeting is the example kind's value: templates and conditions read its
// exported fields (`.hello.Text`), and it implements a role so that
// `promptc explain` could list it without knowing the kind.
type greeting struct {
	Text string
}

func (g greeting) ContextFiles() []sources.ContextFile {
	return []sources.ContextFile{{Path: "greeting:", Content: g.Text, Bytes: len(g.Text)}}
}

// A kind written outside promptc: a value type, an options struct and a
// resolve function adapted by sources.Func, registered next to the
// built-in kinds. Nothing in the engine changes.
func ExampleNewRegistry() {
	kind := sources.Func[greetingOptions, greeting]{
		KindName: "greeting",
		Summary:  "a greeting, repeated",
		Defaults: func() *greetingOptions { return &greetingOptions{Times: 1} },
		Run: func(ctx context.Context, env sources.Env, o *greetingOptions) (greeting, sources.Output, error) {
			return greeting{Text: strings.Repeat("Hello, "+o.Who+"! ", o.Times)}, sources.Output{}, ctx.Err()
		},
	}
	reg, err := engine.NewRegistry(append(builtin.Kinds(), kind)...)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	ps, diags, err := spec.Load(ctx, spec.LoadSettings{Layers: []spec.Layer{{Name: "team.yaml", Data: []byte(`
promptc: 1
name: team
params:
  who: {type: string, default: team}
sources:
  hello:
    kind: greeting
    with: {times: 2}
    args: {who: who}
sections:
  greeting:
    template: "{{ .hello.Text }}"
`)}}})
	if err != nil || diags.HasErrors() {
		fmt.Println(err, diags)
		return
	}
	plan, diags := engine.Compile(ps, reg)
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	res, err := plan.Run(ctx, engine.Input{FS: osfs.Root(), Params: map[string]any{"who": "platform"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Text)
	// Output:
	// Hello, platform! Hello, platform!
}
