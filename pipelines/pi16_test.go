package pipelines_test

import (
	"context"
	"slices"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
)

// pi@1.6.0 keeps default's section ids (a team's layer that touches one
// keeps working across the versions), adds none, and labels every section
// with one of pi 1.x's own section names.
func TestPi16Sections(t *testing.T) {
	ids := func(name string) (*engine.Plan, []string) {
		t.Helper()
		plan, ds, err := pipelines.Compile(context.Background(), name, nil, nil)
		if err != nil || ds.HasErrors() {
			t.Fatalf("%s: %v %v", name, err, ds)
		}
		var out []string
		for _, s := range plan.Graph().Sections {
			out = append(out, s.ID)
		}
		slices.Sort(out)
		return plan, out
	}
	_, old := ids("default")
	plan, now := ids("pi@1.6.0")
	if !slices.Equal(old, now) {
		t.Errorf("section ids differ:\n default  %q\n pi@1.6.0 %q", old, now)
	}
	piNames := []string{"preamble", "tools", "rules", "docs", "addendum", "project_context", "skills", "cwd"}
	seen := map[string]bool{}
	for _, s := range plan.Graph().Sections {
		name := s.Labels["agent_section"]
		if !slices.Contains(piNames, name) {
			t.Errorf("section %s: agent_section %q is not one of pi's %q", s.ID, name, piNames)
		}
		seen[name] = true
	}
	for _, n := range piNames {
		if !seen[n] {
			t.Errorf("no section renders pi's %q", n)
		}
	}
}
