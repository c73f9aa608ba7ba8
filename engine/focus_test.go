package engine

import (
	"context"
	"strings"
	"testing"
)

// TestFocus: a focused plan renders only the sections that read the
// source, each as the whole plan renders it, and resolves no source only
// the others read; a plan whose sections shape one another, or an id that
// is no source, is not focused.
func TestFocus(t *testing.T) {
	const base = `
promptc: 1
name: f
join: "|"
params:
  on: {type: bool}
sources:
  ctx: {kind: echo, with: {text: ctx}}
  other: {kind: echo, with: {text: other}}
  gate: {kind: echo, args: {text: '"gate"'}}
sections:
  head: {order: 1, template: "{{ .other.Text }}"}
  files: {order: 2, when: gate.Text != "" && on, template: "[{{ .ctx.Text }}]"}
  off: {order: 3, when: '!on', template: "{{ .ctx.Text }} off"}
  tail: {order: 4, template: "end"}
`
	tests := []struct {
		name, extra, id string
		focused         bool
		sections        []string // the focused plan's, in order
		text            string
	}{
		{name: "sections that read the source", id: "ctx", focused: true, sections: []string{"files", "off"}, text: "[ctx]"},
		{name: "no such source", id: "nope"},
		{name: "a budget", extra: "budget: {limit: 100, unit: bytes}\n", id: "ctx"},
		{name: "a fallback", extra: "fallback: {template: x}\n", id: "ctx"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			calls := map[string]int{}
			plan, errs := compileYAML(t, base+tc.extra, calls)
			if errs != "" {
				t.Fatal(errs)
			}
			f, ok := plan.Focus(tc.id)
			if ok != tc.focused || !ok && f != plan {
				t.Fatalf("Focus(%q) = %v (same plan: %v), want %v", tc.id, ok, f == plan, tc.focused)
			}
			if !ok {
				return
			}
			if got := strings.Join(f.SectionIDs(), ","); got != strings.Join(tc.sections, ",") {
				t.Errorf("sections %s, want %s", got, strings.Join(tc.sections, ","))
			}
			if got := len(plan.SectionIDs()); got != 4 {
				t.Errorf("focusing changed the plan: %d sections", got)
			}
			in := Input{Params: map[string]any{"on": true}}
			whole, err := plan.Run(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			clear(calls)
			res, err := f.Run(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			if res.Text != tc.text {
				t.Errorf("text %q, want %q", res.Text, tc.text)
			}
			if calls["other"] != 0 || calls["ctx"] != 1 || calls["gate"] != 1 {
				t.Errorf("resolutions %v: want ctx and gate once (the kept sections read them), other never", calls)
			}
			for _, s := range res.Sections {
				for _, w := range whole.Sections {
					if w.ID == s.ID && (w.Text != s.Text || w.Active != s.Active) {
						t.Errorf("section %s: %q active %v focused, %q active %v in the whole plan", s.ID, s.Text, s.Active, w.Text, w.Active)
					}
				}
			}
		})
	}
}
