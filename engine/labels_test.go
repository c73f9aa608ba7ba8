package engine

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine/spec"
)

// Labels are carried from the pipeline to the Result and the graph
// unread; a layer merges them key by key; the Result's map is the run's
// own.
func TestSectionLabels(t *testing.T) {
	base := spec.Layer{Name: "p.yaml", Data: []byte(`
promptc: 1
name: labelled
sections:
  a: {template: A, labels: {agent_section: preamble, team: core}}
  b: {template: B, after: [a]}
`)}
	over := spec.Layer{Name: "o.yaml", Data: []byte(`
sections:
  a: {labels: {team: platform}}
`)}
	ps, ds, err := spec.Load(context.Background(), spec.LoadSettings{Layers: []spec.Layer{base, over}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	reg, err := NewRegistry(newEchoKind(map[string]int{}))
	if err != nil {
		t.Fatal(err)
	}
	plan, ds := Compile(ps, reg)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	want := map[string]string{"agent_section": "preamble", "team": "platform"}
	res, err := plan.Run(context.Background(), Input{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Sections[0].Labels; !reflect.DeepEqual(got, want) {
		t.Errorf("Result labels of a = %v, want %v", got, want)
	}
	if got := res.Sections[1].Labels; got != nil {
		t.Errorf("Result labels of b = %v, want none", got)
	}
	if got := plan.Graph().Sections[0].Labels; !reflect.DeepEqual(got, want) {
		t.Errorf("graph labels of a = %v, want %v", got, want)
	}
	res.Sections[0].Labels["team"] = "changed"
	again, err := plan.Run(context.Background(), Input{})
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Sections[0].Labels; !reflect.DeepEqual(got, want) {
		t.Errorf("a reader's change reached the next run: %v", got)
	}
}

// A label's value is a string and its key an identifier; a misspelt key
// gets a hint.
func TestSectionLabelErrors(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"not a string", "promptc: 1\nname: x\nsections:\n  a: {template: x, labels: {n: [1]}}\n", "p.yaml:4:"},
		{"bad key", "promptc: 1\nname: x\nsections:\n  a: {template: x, labels: {Bad Key: v}}\n", "p.yaml:4:"},
		{"typo", "promptc: 1\nname: x\nsections:\n  a: {template: x, label: {k: v}}\n", `(did you mean "labels"?)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, got := compileYAML(t, tc.yaml, map[string]int{})
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want it to contain %q", got, tc.want)
			}
		})
	}
}
