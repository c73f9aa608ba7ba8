package explain_test

import (
	"context"
	"strings"
	"testing"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/pipelines"
)

// fixture is one run to explain: a pipeline (built-in name or YAML), a
// file tree under a temporary root and params, where "${ROOT}" in a param
// string (also inside lists and maps) is the root. The default pipeline
// gets cwd, home and agent_dir from the root (cwd = ROOT/home/proj) unless
// the params set them.
type fixture struct {
	name     string
	pipeline string // built-in name, or YAML when yaml is set
	yaml     string
	tree     map[string]string
	params   map[string]any
	turns    []string // runs (explain --input)
}

// run compiles and runs f and explains the result.
func (f fixture) run(t *testing.T) (*engine.Result, *explain.Report, string) {
	t.Helper()
	ctx := context.Background()
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, f.tree)
	var plan *engine.Plan
	var dl diag.List
	var err error
	if f.yaml != "" {
		plan, dl, err = pipelines.CompileLayers(ctx, []spec.Layer{{Name: "test.yaml", Data: []byte(f.yaml)}}, nil)
	} else {
		name := f.pipeline
		if name == "" {
			name = "pi@0.83.0" // the fixtures' wants are pi 0.83.0's
		}
		plan, dl, err = pipelines.Compile(ctx, name, nil, nil)
	}
	if err != nil || dl.HasErrors() {
		t.Fatalf("compile: %v %v", err, dl)
	}
	return f.finish(t, ctx, plan, root)
}

func (f fixture) finish(t *testing.T, ctx context.Context, plan *engine.Plan, root string) (*engine.Result, *explain.Report, string) {
	t.Helper()
	params := map[string]any{}
	if f.yaml == "" && (f.pipeline == "" || f.pipeline == "default" || strings.HasPrefix(f.pipeline, "pi@")) {
		params["cwd"] = root + "/home/proj"
		params["home"] = root + "/home"
		params["agent_dir"] = root + "/home/.pi/agent"
	}
	for k, v := range f.params {
		params[k] = replaceRoot(v, root)
	}
	in := engine.Input{FS: oracletest.DirFS(), Params: params, Turns: f.turns}
	res, err := plan.Run(ctx, in)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	rep, err := explain.New(plan, res, explain.Options{})
	if err != nil {
		t.Fatalf("explain: %v", err)
	}
	return res, rep, root
}

// replaceRoot writes root for "${ROOT}" in a string, or in the strings of
// a list or map.
func replaceRoot(v any, root string) any {
	switch x := v.(type) {
	case string:
		return strings.ReplaceAll(x, "${ROOT}", root)
	case []string:
		out := make([]string, len(x))
		for i, s := range x {
			out[i] = strings.ReplaceAll(s, "${ROOT}", root)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = replaceRoot(e, root)
		}
		return out
	}
	return v
}

// volatileYAML is a small pipeline with a join, a volatile section that
// precedes a stable one, and a false conjunction.
const volatileYAML = `promptc: 1
name: volatile
join: "\n--\n"
params:
  turn: {type: int, default: 3}
  mode: {type: string, default: plain}
  rules: {type: list}
sections:
  intro:
    order: 1
    template: "You are a test agent."
  clock:
    order: 2
    volatile: true
    template: "Turn {{ .turn }}."
  rules:
    order: 3
    when: len(rules) > 0
    template: '{{ join "\n" .rules }}'
  fancy:
    order: 4
    when: mode == "fancy" && turn > 1
    template: "Fancy mode."
  outro:
    order: 5
    template: "Bye."
`
