package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/engine/spec"
)

// FuzzLoad feeds arbitrary pipeline files through load, schema validation
// and compilation: every input must give a plan or diagnostics, never a
// panic, and a plan whose every diagnostic is positioned in the file.
func FuzzLoad(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("..", "pipelines", "default.yaml")); err == nil {
		f.Add(data)
	}
	for _, s := range []string{
		"",
		"promptc: 1\nname: x\nsections:\n  a: {template: hi}\n",
		"promptc: 1\nname: x\nsections:\n  a: {template: '{{ .x }}', when: 'x'}\n",
		"promptc: 1\nname: x\nparams: {p: {type: list, nullable: true}}\nsections:\n  a: {template: '{{ .p }}', when: p == nil, after: [a]}\n",
		"[1, 2",
		"promptc: 1\nname: x\nsources: {s: {kind: echo, args: {text: '1 +'}}}\nsections: {a: {template: x}}\n",
		"&a [*a]",
		"promptc: !!binary aGk=\n",
	} {
		f.Add([]byte(s))
	}
	calls := map[string]int{}
	reg, err := NewRegistry(newEchoKind(calls))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, ds, err := spec.Load(context.Background(), spec.LoadSettings{Layers: []spec.Layer{{Name: "f.yaml", Data: data}}})
		if err != nil {
			t.Fatalf("internal error: %v", err)
		}
		if ds.HasErrors() {
			for _, d := range ds {
				if d.Pos.File != "f.yaml" {
					t.Fatalf("diagnostic without file: %v", d)
				}
			}
			return
		}
		plan, cds := Compile(ps, reg)
		if cds.HasErrors() != (plan == nil) {
			t.Fatalf("plan %v with diagnostics %v", plan != nil, cds)
		}
	})
}

// FuzzRegistrations feeds arbitrary tool files and overlays over a
// pipeline through registration (tools, resources, transforms), schema
// validation, compilation and a run of one input: never a panic, every
// diagnostic positioned in one of the files, and a run of an accepted
// pipeline always gives one run result.
func FuzzRegistrations(f *testing.F) {
	for _, s := range []string{
		"tools: [{name: a, snippet: x}, {name: a}]\n",
		"tools: {name: a}\n",
		`{"tools": [{"name": "x", "guidelines": ["g", "g"]}]}`,
		"resources: {skills: [a, ~/b, /c], packages: [p], prompts: x}\n",
		"transforms: [{id: a, append: x}, {id: a, replace: ''}, {id: b, exec: {command: [./x]}, message: m}]\n",
		"transforms: [{id: a, when: 'run.Input contains \"x\"', prepend: '{{ .run.Prompt }}'}]\nexec_request: {x: '1 +'}\n",
		"sections: {}\ntools: [1, null, {name: ''}]\n",
	} {
		f.Add([]byte(s), true)
		f.Add([]byte(s), false)
	}
	reg, err := NewRegistry(newEchoKind(map[string]int{}))
	if err != nil {
		f.Fatal(err)
	}
	base := []byte("promptc: 1\nname: x\nsections:\n  a: {template: hi}\ntools: [{name: base}]\n")
	f.Fuzz(func(t *testing.T, data []byte, toolFile bool) {
		role := spec.RoleOverlay
		if toolFile {
			role = spec.RoleTools
		}
		layers := []spec.Layer{{Name: "p.yaml", Data: base}, {Name: "f.yaml", Data: data, Role: role, Dir: "/d"}}
		ps, ds, err := spec.Load(context.Background(), spec.LoadSettings{Layers: layers})
		if err != nil {
			t.Fatalf("internal error: %v", err)
		}
		for _, d := range ds {
			if d.Pos.File != "f.yaml" && d.Pos.File != "p.yaml" {
				t.Fatalf("diagnostic without file: %v", d)
			}
		}
		if ds.HasErrors() {
			return
		}
		plan, cds := Compile(ps, reg)
		if cds.HasErrors() != (plan == nil) {
			t.Fatalf("plan %v with diagnostics %v", plan != nil, cds)
		}
		if plan == nil {
			return
		}
		res, err := plan.Run(context.Background(), Input{Turns: []string{"x"}})
		if err != nil {
			return // a run-time expression error in a section is the run's error
		}
		if len(res.Runs) != 1 {
			t.Fatalf("%d runs for one input", len(res.Runs))
		}
	})
}
