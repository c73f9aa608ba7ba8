package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources"
)

// echoOptions configures the test kind "echo".
type echoOptions struct {
	Text  string   `koanf:"text"`
	Items []string `koanf:"items"`
}

type echoValue struct {
	Text  string
	Items []string
}

// newEchoKind returns a kind that yields its options and counts resolutions.
func newEchoKind(calls map[string]int) sources.Kind {
	return sources.Func[echoOptions, echoValue]{
		KindName: "echo",
		Summary:  "test kind",
		Run: func(ctx context.Context, _ sources.Env, o *echoOptions) (echoValue, sources.Output, error) {
			calls[o.Text]++
			return echoValue{Text: o.Text, Items: o.Items}, sources.Output{}, nil
		},
	}
}

func compileYAML(t *testing.T, yaml string, calls map[string]int) (*Plan, string) {
	t.Helper()
	ps, ds, err := spec.Load(context.Background(), spec.LoadSettings{Layers: []spec.Layer{{Name: "p.yaml", Data: []byte(yaml)}}})
	if err != nil {
		t.Fatal(err)
	}
	if ds.HasErrors() {
		return nil, ds.Error()
	}
	reg, err := NewRegistry(newEchoKind(calls))
	if err != nil {
		t.Fatal(err)
	}
	plan, ds := Compile(ps, reg)
	if ds.HasErrors() {
		return nil, ds.Error()
	}
	return plan, ""
}

func TestLoadAndCompileErrors(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{
			name: "yaml syntax",
			yaml: "promptc: 1\nname: [x\n",
			want: "p.yaml:1: did not find expected ',' or ']'",
		},
		{
			name: "unknown top-level key with hint",
			yaml: "promptc: 1\nname: x\nsection:\n  a: {template: x}\n",
			want: "p.yaml:1:1: missing required key \"sections\"\np.yaml:3:1: unknown key \"section\" (did you mean \"sections\"?)",
		},
		{
			name: "unknown kind",
			yaml: "promptc: 1\nname: x\nsources:\n  s: {kind: ecoh}\nsections:\n  a: {template: x}\n",
			want: "p.yaml:4:13: unknown source kind \"ecoh\" (known: echo) (did you mean \"echo\"?)",
		},
		{
			name: "unknown option",
			yaml: "promptc: 1\nname: x\nsources:\n  s:\n    kind: echo\n    with: {txt: a}\nsections:\n  a: {template: x}\n",
			want: "p.yaml:6:12: source kind echo has no option \"txt\" (options: items, text) (did you mean \"text\"?)",
		},
		{
			name: "unknown name in condition",
			yaml: "promptc: 1\nname: x\nparams:\n  flag: {type: bool}\nsections:\n  a: {template: x, when: flga}\n",
			want: "p.yaml:6:26: unknown name flga (did you mean \"flag\"?)",
		},
		{
			name: "type error in condition",
			yaml: "promptc: 1\nname: x\nparams:\n  n: {type: string}\nsections:\n  a: {template: x, when: n + 1}\n",
			want: "p.yaml:6:28: invalid operation: + (mismatched types string and int)",
		},
		{
			name: "ordering cycle",
			yaml: "promptc: 1\nname: x\nsections:\n  b: {template: x, after: [a]}\n  a: {template: x, after: [b]}\n",
			want: "p.yaml:5:3: section ordering has a cycle: a -> b -> a",
		},
		{
			name: "unknown section in after",
			yaml: "promptc: 1\nname: x\nsections:\n  body: {template: x}\n  tail: {template: x, after: [bdy]}\n",
			want: "p.yaml:5:31: unknown section \"bdy\" (did you mean \"body\"?)",
		},
		{
			name: "source cycle",
			yaml: "promptc: 1\nname: x\nsources:\n  a: {kind: echo, args: {text: b.Text}}\n  b: {kind: echo, args: {text: a.Text}}\nsections:\n  s: {template: x}\n",
			want: "p.yaml:4:3: sources depend on each other in a cycle: a -> b -> a",
		},
		{
			name: "bad template",
			yaml: "promptc: 1\nname: x\nsections:\n  s: {template: '{{ .x'}\n",
			want: "p.yaml:4:17: unclosed action",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, got := compileYAML(t, tc.yaml, map[string]int{})
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestRunResolvesOnlyWhatActiveSectionsNeed(t *testing.T) {
	calls := map[string]int{}
	plan, errs := compileYAML(t, `
promptc: 1
name: lazy
join: "|"
params:
  on: {type: bool}
sources:
  used: {kind: echo, with: {text: used}}
  unused: {kind: echo, with: {text: unused}}
  twice: {kind: echo, with: {text: twice}}
sections:
  a: {order: 1, template: "{{ .used.Text }}-{{ .twice.Text }}"}
  b: {order: 2, when: on, template: "{{ .unused.Text }}"}
  c: {order: 3, when: twice.Text != "", template: "{{ .twice.Text }}"}
`, calls)
	if errs != "" {
		t.Fatal(errs)
	}
	res, err := plan.Run(context.Background(), Input{Params: map[string]any{"on": false}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != "used-twice|twice" {
		t.Errorf("text = %q", res.Text)
	}
	if calls["unused"] != 0 || calls["used"] != 1 || calls["twice"] != 1 {
		t.Errorf("resolutions = %v, want used and twice once, unused never", calls)
	}
	var ids []string
	for _, s := range res.Sources {
		ids = append(ids, s.ID)
	}
	if got := strings.Join(ids, ","); got != "twice,used" {
		t.Errorf("resolved sources = %s", got)
	}
	if s := res.Sections[1]; s.Active || s.When != "on" {
		t.Errorf("section b = %+v, want inactive with its condition", s)
	}
	if s := res.Sections[2]; s.Start != len("used-twice|") || s.Bytes != len("twice") {
		t.Errorf("section c span = %d+%d", s.Start, s.Bytes)
	}
}

func TestArgsAndOrdering(t *testing.T) {
	plan, errs := compileYAML(t, `
promptc: 1
name: args
params:
  names: {type: list, nullable: true}
sources:
  base: {kind: echo, args: {items: 'names ?? ["none"]', text: '"n=" + string(len(names ?? []))'}}
sections:
  z: {template: "{{ .base.Text }}"}
  y: {template: "{{ join \",\" .base.Items }};", before: [z]}
  x: {template: "[", before: [y], order: 5}
`, map[string]int{})
	if errs != "" {
		t.Fatal(errs)
	}
	for _, tc := range []struct {
		params map[string]any
		want   string
	}{
		{nil, "[none;n=0"},
		{map[string]any{"names": []any{"a", "b"}}, "[a,b;n=2"},
	} {
		res, err := plan.Run(context.Background(), Input{Params: tc.params})
		if err != nil {
			t.Fatal(err)
		}
		if res.Text != tc.want {
			t.Errorf("params %v: got %q, want %q", tc.params, res.Text, tc.want)
		}
	}
	if got := strings.Join(plan.SectionIDs(), ","); got != "x,y,z" {
		t.Errorf("order = %s", got)
	}
}
