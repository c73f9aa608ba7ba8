package serve

import (
	"reflect"
	"slices"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
)

// TestSameContentKnowsResult: sameContent compares every field of
// engine.Result; a new field must be added to it (and to this list), or
// a reply cache could send a Result's old JSON for a new one.
func TestSameContentKnowsResult(t *testing.T) {
	known := []string{"Pipeline", "Text", "Fallback", "Sections", "Sources", "Diagnostics", "Layers", "Overrides", "Runs", "Budget", "Cuts"}
	var fields []string
	for f := range reflect.TypeFor[engine.Result]().Fields() {
		fields = append(fields, f.Name)
	}
	slices.Sort(fields)
	slices.Sort(known)
	if !slices.Equal(fields, known) {
		t.Errorf("engine.Result has fields %v; sameContent knows %v", fields, known)
	}
	a := &engine.Result{Pipeline: "p", Text: "t", Sections: make([]engine.Section, 2), Layers: []spec.LayerReport{{Name: "a"}}}
	b := *a
	b.Layers = slices.Clone(a.Layers)
	if !sameContent(a, &b) {
		t.Error("a copy with equal layers differs")
	}
	for name, change := range map[string]func(r *engine.Result){
		"text":             func(r *engine.Result) { r.Text = "u" },
		"sections rebuilt": func(r *engine.Result) { r.Sections = slices.Clone(r.Sections) },
		"a layer more":     func(r *engine.Result) { r.Layers = append(r.Layers, spec.LayerReport{Name: "b"}) },
		"a layer changed":  func(r *engine.Result) { r.Layers = []spec.LayerReport{{Name: "b"}} },
		"budget":           func(r *engine.Result) { r.Budget = &engine.BudgetReport{} },
	} {
		c := b
		change(&c)
		if sameContent(a, &c) {
			t.Errorf("%s: still the same content", name)
		}
	}
}
