package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources"
)

// failKind fails whenever its option fail is set.
type failOptions struct {
	Fail bool `koanf:"fail"`
}

func TestParamsDefaultsAndFallback(t *testing.T) {
	yaml := `
promptc: 1
name: p
join: "|"
params:
  cwd_arg: {type: string}
  dir: {type: string, default_expr: 'cwd_arg + "/ws"'}
  note: {type: string, nullable: true}
  fail: {type: bool}
  fallback_text: {type: string, nullable: true}
sources:
  src: {kind: fail, args: {fail: fail}}
sections:
  a: {order: 1, template: "{{ .dir }}"}
  b: {order: 2, when: note != nil, template: "note={{ .note }}"}
  c: {order: 3, when: src, template: "src"}
fallback:
  when: fallback_text != nil
  template: "{{ .fallback_text }}"
`
	ps, ds, err := spec.Load(context.Background(), spec.LoadSettings{Layers: []spec.Layer{{Name: "p.yaml", Data: []byte(yaml)}}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	fail := sources.Func[failOptions, bool]{KindName: "fail", Summary: "test",
		Run: func(_ context.Context, _ sources.Env, o *failOptions) (bool, sources.Output, error) {
			if o.Fail {
				return false, sources.Output{}, errors.New("boom")
			}
			return true, sources.Output{}, nil
		}}
	reg, _ := NewRegistry(fail)
	plan, ds := Compile(ps, reg)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	tests := []struct {
		name     string
		params   map[string]any
		want     string
		fallback bool
		err      string
	}{
		{"default_expr when absent", map[string]any{"cwd_arg": "/x/"}, "/x//ws|src", false, ""},
		{"explicit null is not absent", map[string]any{"cwd_arg": "/x", "dir": nil}, "|src", false, ""},
		{"nullable string given empty", map[string]any{"note": ""}, "/ws|note=|src", false, ""},
		{"source failure falls back", map[string]any{"fail": true, "fallback_text": ""}, "", true, ""},
		{"no fallback text: the error", map[string]any{"fail": true}, "", false, "source src: boom"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := plan.Run(context.Background(), Input{Params: tc.params})
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Text != tc.want || res.Fallback != tc.fallback {
				t.Errorf("got %q fallback=%v, want %q fallback=%v", res.Text, res.Fallback, tc.want, tc.fallback)
			}
			if tc.fallback && res.Diagnostics[len(res.Diagnostics)-1].Code != "run/fallback" {
				t.Errorf("diagnostics = %v", res.Diagnostics)
			}
		})
	}
}

func TestParamCompileErrors(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"default cycle", "promptc: 1\nname: x\nparams:\n  a: {type: string, default_expr: b}\n  b: {type: string, default_expr: a}\nsections: {s: {template: x}}\n",
			"p.yaml:4:3: param defaults depend on each other in a cycle: a -> b -> a"},
		{"default_expr type", "promptc: 1\nname: x\nparams:\n  a: {type: bool, default_expr: '\"s\"'}\nsections: {s: {template: x}}\n",
			"p.yaml:4:33: default_expr of param \"a\" gives string, want bool"},
		{"fallback reads a source", "promptc: 1\nname: x\nsources: {s: {kind: echo}}\nsections: {s: {template: x}}\nfallback: {template: '{{ .s.Text }}'}\n",
			"p.yaml:5:22: the fallback may read params only, not source \"s\""},
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

// TestUnknownParams: the Go API rejects a param the pipeline does not
// declare, in CheckParams and in Run, naming the closest declared one.
func TestUnknownParams(t *testing.T) {
	ps, ds, err := spec.Load(context.Background(), spec.LoadSettings{Layers: []spec.Layer{{Name: "p.yaml", Data: []byte(`
promptc: 1
name: p
params:
  tool_allowlist: {type: list}
sections:
  s: {template: x}
`)}}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	reg, _ := NewRegistry()
	plan, ds := Compile(ps, reg)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	params := map[string]any{"tool_allowlst": []string{"read"}}
	want := `pipeline p has no param "tool_allowlst" (did you mean "tool_allowlist"?)`
	if err := plan.CheckParams(params); err == nil || err.Error() != want {
		t.Errorf("CheckParams: %v, want %s", err, want)
	}
	var upe *UnknownParamError
	if _, err := plan.Run(context.Background(), Input{Params: params}); !errors.As(err, &upe) || err.Error() != want {
		t.Errorf("Run: %v, want %s", err, want)
	}
}
