package explain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/schema"
)

// TestLocks: the report lists every mark in force (the base pipeline's
// own lock included), in merge order, with the mark key's place and the
// layer's role; the JSON matches the schema; the text has one Locks block
// and HTML one list. Without marks there is neither.
func TestLocks(t *testing.T) {
	ctx := context.Background()
	base := "promptc: 1\nname: p\nsections:\n  intro: {template: Hi., locked: true}\n"
	user := "sections:\n  policy:\n    after: [intro]\n    template: Never print secrets.\n    required: true\n    final: true\n"
	plan, dl, err := pipelines.CompileLayers(ctx, []spec.Layer{{Name: "p.yaml", Data: []byte(base)}, {Name: "u.yaml", Role: spec.RoleUser, Data: []byte(user)}}, nil)
	if err != nil || dl.HasErrors() {
		t.Fatalf("compile: %v %v", err, dl)
	}
	rep := report(t, plan)
	want := []explain.Lock{
		{Section: "intro", Kind: "locked", At: "p.yaml:4:26", Layer: "p.yaml", Role: "base"},
		{Section: "policy", Kind: "required", At: "u.yaml:5:5", Layer: "u.yaml", Role: "user"},
		{Section: "policy", Kind: "final", At: "u.yaml:6:5", Layer: "u.yaml", Role: "user"},
	}
	if !reflect.DeepEqual(rep.Locks, want) {
		t.Errorf("locks %+v\nwant %+v", rep.Locks, want)
	}
	validate(t, rep)
	var text, page bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "\nLocks (") || !strings.Contains(text.String(), "  policy  final     u.yaml:6:5   (user)\n") {
		t.Errorf("text:\n%s", text.String())
	}
	if err := rep.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), `<ul id="locks" class="files"><li><b>intro</b> locked <small>p.yaml:4:26 (base)</small></li>`) {
		t.Errorf("the page has no locks list")
	}

	plan, dl, err = pipelines.CompileLayers(ctx, []spec.Layer{{Name: "p.yaml", Data: []byte("promptc: 1\nname: p\nsections:\n  intro: {template: Hi.}\n")}}, nil)
	if err != nil || dl.HasErrors() {
		t.Fatalf("compile: %v %v", err, dl)
	}
	rep = report(t, plan)
	b, _ := json.Marshal(rep)
	text.Reset()
	page.Reset()
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if rep.Locks != nil || bytes.Contains(b, []byte(`"locks"`)) || strings.Contains(text.String(), "Locks") || strings.Contains(page.String(), `id="locks"`) {
		t.Errorf("no marks, yet a locks list: %+v", rep.Locks)
	}
}

func report(t *testing.T, plan *engine.Plan) *explain.Report {
	t.Helper()
	res, err := plan.Run(context.Background(), engine.Input{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := explain.New(plan, res, explain.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func validate(t *testing.T, rep *explain.Report) {
	t.Helper()
	explain.CheckSchema(t, "explain.schema.json", schema.ExplainJSON(), rep)
}
