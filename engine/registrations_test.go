package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine/spec"
)

// regPipeline renders what the layers registered.
const regPipeline = `promptc: 1
name: reg
sections:
  out:
    template: '{{ range .declared.Tools }}{{ .Name }}={{ .Snippet }} {{ end }}| {{ range .declared.Resources.Skills }}{{ . }} {{ end }}| {{ range .declared.Resources.Packages }}{{ . }} {{ end }}'
`

// runLayers loads, compiles and runs layers; it returns the prompt and
// every diagnostic, rendered.
func runLayers(t *testing.T, layers []spec.Layer, sets []spec.Set) (string, string) {
	t.Helper()
	ctx := context.Background()
	ps, ds, err := spec.Load(ctx, spec.LoadSettings{Layers: layers, Sets: sets, Extends: func(ref, from string) (spec.Layer, error) {
		return spec.Layer{Name: ref, Data: []byte("promptc: 1\nname: parent\nsections:\n  out: {template: x}\ntools: [{name: parent_tool}]\n"), Role: spec.RoleExtends}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if ds.HasErrors() {
		return "", ds.Error()
	}
	reg, err := NewRegistry(newEchoKind(map[string]int{}))
	if err != nil {
		t.Fatal(err)
	}
	plan, cds := Compile(ps, reg)
	ds = append(ds, cds...)
	if plan == nil {
		return "", ds.Error()
	}
	res, err := plan.Run(ctx, Input{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Text, ds.Error()
}

func TestRegistrationOrder(t *testing.T) {
	layers := []spec.Layer{
		{Name: "base.yaml", Data: []byte(regPipeline + "tools: [{name: a, snippet: base}, {name: z}]\nresources: {skills: [base-skills]}\n"), Dir: "/p"},
		{Name: "system.yaml", Role: spec.RoleSystem, Data: []byte("tools: [{name: a, snippet: system}]\nresources: {skills: [/abs, ~/home-rel]}\n"), Dir: "/etc/promptc"},
		{Name: "user.yaml", Role: spec.RoleUser, Data: []byte("tools: [{name: u}]\n")},
		{Name: "project.yaml", Role: spec.RoleProject, Data: []byte("tools: [{name: p}]\nresources: {packages: [pkg]}\n"), Dir: "/proj"},
		{Name: "o1.yaml", Role: spec.RoleOverlay, Data: []byte("tools: [{name: o1}]\n")},
		{Name: "o2.yaml", Role: spec.RoleOverlay, Data: []byte("tools: [{name: o2}]\n")},
		{Name: "t1.yaml", Role: spec.RoleTools, Data: []byte("tools: [{name: f1}]\n")},
		{Name: "t2.json", Role: spec.RoleTools, Data: []byte(`{"tools": [{"name": "f2", "snippet": "json"}]}`)},
	}
	got, diags := runLayers(t, layers, nil)
	want := "f1= f2=json o1= o2= p= u= a=system z= | /abs ~/home-rel /p/base-skills | /proj/pkg "
	if got != want {
		t.Errorf("prompt\n got %q\nwant %q", got, want)
	}
	wantDiags := `base.yaml:6:9: tool "a" conflicts with system.yaml:1:9, which registers it first: this definition is not used`
	if diags != wantDiags {
		t.Errorf("diagnostics\n got %q\nwant %q", diags, wantDiags)
	}
}

func TestRegistrationRules(t *testing.T) {
	base := func(extra string) spec.Layer { return spec.Layer{Name: "p.yaml", Data: []byte(regPipeline + extra)} }
	tests := []struct {
		name   string
		layers []spec.Layer
		sets   []spec.Set
		prompt string
		diags  string
	}{
		{
			name:   "a name twice in one layer keeps the first place with the later definition",
			layers: []spec.Layer{base("tools:\n  - {name: d, snippet: one}\n  - {name: e}\n  - {name: d, snippet: two}\n")},
			prompt: "d=two e= | | ",
			diags:  `p.yaml:9:5: tool "d" is defined twice in this file: this definition replaces the one at p.yaml:7:5, in its place`,
		},
		{
			name:   "extends: the extending pipeline registers before the one it extends",
			layers: []spec.Layer{base("extends: parent.yaml\ntools: [{name: child}]\n")},
			prompt: "child= parent_tool= | | ",
		},
		{
			name:   "a tool file holds tools only",
			layers: []spec.Layer{base(""), {Name: "t.yaml", Role: spec.RoleTools, Data: []byte("tools: []\nsections: {}\n")}},
			diags:  `t.yaml:2:1: a tool file holds a tools: list only; "sections" is not allowed here (put other settings in an --overlay file)`,
		},
		{
			name:   "--set cannot change a registration list",
			layers: []spec.Layer{base("")},
			sets:   []spec.Set{{Key: "tools", Value: "[]"}},
			diags:  "--set tools: tools is a list layers add to, which --set cannot change (write it in an --overlay file (tools also in a --tool-file))",
		},
		{
			name:   "tools must be a list",
			layers: []spec.Layer{base("tools: {name: x}\n")},
			diags:  "p.yaml:6:8: tools must be a list (a layer adds its entries to those of the layers below)",
		},
		{
			name:   "resources keys",
			layers: []spec.Layer{base("resources: {skill: [x], prompts: x}\n")},
			diags:  "p.yaml:6:13: unknown key \"skill\" (did you mean \"skills\"?)\np.yaml:6:34: resources.prompts must be a list of paths",
		},
		{
			name:   "schema errors in entries are positioned in their layer",
			layers: []spec.Layer{base(""), {Name: "o.yaml", Role: spec.RoleOverlay, Data: []byte("tools:\n  - {name: ok}\n  - {snippet: no name}\n")}},
			diags:  "o.yaml:3:5: missing required key \"name\"",
		},
		{
			name:   "a transform id twice in one layer",
			layers: []spec.Layer{base("transforms:\n  - {id: x, append: a}\n  - {id: x, append: b}\n")},
			diags:  `p.yaml:8:5: transform "x" is defined twice in this file (first at p.yaml:7:5)`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prompt, diags := runLayers(t, tc.layers, tc.sets)
			if prompt != tc.prompt || diags != tc.diags {
				t.Errorf("got prompt %q, diagnostics\n%s\nwant prompt %q, diagnostics\n%s", prompt, diags, tc.prompt, tc.diags)
			}
		})
	}
}

func TestTransformOverrideAcrossLayers(t *testing.T) {
	ctx := context.Background()
	ps, ds, err := spec.Load(ctx, spec.LoadSettings{Layers: []spec.Layer{
		{Name: "p.yaml", Data: []byte(regPipeline + "transforms: [{id: audit, append: ' base'}, {id: other, append: ' other'}]\n")},
		{Name: "u.yaml", Role: spec.RoleUser, Data: []byte("transforms: [{id: audit, disabled: true}]\n")},
	}})
	if err != nil || ds.HasErrors() {
		t.Fatalf("%v %v", err, ds)
	}
	var ids []string
	for i, tr := range ps.Transforms {
		ids = append(ids, tr.ID+"@"+ps.RegisteredBy("/transforms", i).Layer)
	}
	if got := strings.Join(ids, " "); got != "audit@u.yaml other@p.yaml" {
		t.Errorf("transforms = %s", got)
	}
	if len(ps.Overrides) != 1 || ps.Overrides[0].Key != "transforms.audit" || ps.Overrides[0].Winner.At != "u.yaml:1:14" || ps.Overrides[0].Overridden[0].At != "p.yaml:6:14" {
		t.Errorf("overrides = %+v", ps.Overrides)
	}
}

func TestRegisteredPathsResolveAgainstTheLayer(t *testing.T) {
	ctx := context.Background()
	ps, ds, err := spec.Load(ctx, spec.LoadSettings{Layers: []spec.Layer{
		{Name: "p.yaml", Data: []byte(regPipeline + "transforms:\n  - {id: a, exec: {command: [./bin/check, ./arg]}}\n  - {id: b, exec: {command: [sh, -c, x]}}\n  - {id: c, exec: {command: [/bin/true]}}\nresources: {prompts: [tpl, file:///x/y, ~/t]}\n"), Dir: "/cfg"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if ds.HasErrors() {
		t.Fatal(ds.Error())
	}
	var got []string
	for _, tr := range ps.Transforms {
		got = append(got, strings.Join(tr.Exec.Command, " "))
	}
	if s := strings.Join(got, " | "); s != "/cfg/bin/check ./arg | sh -c x | /bin/true" {
		t.Errorf("commands = %s", s)
	}
	if s := strings.Join(ps.Resources.Prompts, " "); s != "/cfg/tpl file:///x/y ~/t" {
		t.Errorf("prompts = %q", s)
	}
}
