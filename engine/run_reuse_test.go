package engine

import (
	"context"
	"reflect"
	"testing"
)

// TestRunsReuseNothingVisible: runs of one plan reuse a finished run's
// state (Plan.runs), and neither sees the other: a Result is the same as
// a fresh plan's, and an earlier Result is unchanged by later runs.
func TestRunsReuseNothingVisible(t *testing.T) {
	const yaml = `
promptc: 1
name: reuse
params:
  on: {type: bool}
  word: {type: string}
sources:
  a: {kind: echo, args: {text: word}}
  b: {kind: echo, with: {text: b}}
sections:
  s1: {template: "{{ .a.Text }}"}
  s2: {when: on, template: "{{ .b.Text }}"}
`
	plan, errs := compileYAML(t, yaml, map[string]int{})
	if errs != "" {
		t.Fatal(errs)
	}
	ctx := context.Background()
	first, err := plan.Run(ctx, Input{Params: map[string]any{"on": true, "word": "one"}})
	if err != nil {
		t.Fatal(err)
	}
	kept := *first
	kept.Sources = append([]SourceReport(nil), first.Sources...)
	for _, in := range []map[string]any{{"on": false, "word": "two"}, {"on": true, "word": "three"}} {
		got, err := plan.Run(ctx, Input{Params: in})
		if err != nil {
			t.Fatal(err)
		}
		fresh, errs := compileYAML(t, yaml, map[string]int{})
		if errs != "" {
			t.Fatal(errs)
		}
		want, err := fresh.Run(ctx, Input{Params: in})
		if err != nil {
			t.Fatal(err)
		}
		if got.Text != want.Text || !reflect.DeepEqual(got.Sources, want.Sources) || !reflect.DeepEqual(got.Sections, want.Sections) {
			t.Errorf("%v: a reused run gave %q %+v, a fresh plan %q %+v", in, got.Text, got.Sources, want.Text, want.Sources)
		}
	}
	if first.Text != kept.Text || !reflect.DeepEqual(first.Sources, kept.Sources) {
		t.Errorf("later runs changed an earlier Result: %q %+v, was %q %+v", first.Text, first.Sources, kept.Text, kept.Sources)
	}
}
