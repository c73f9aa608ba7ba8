package emit

import (
	"reflect"
	"testing"
)

// TestVerifyDir: from one directory, a rule is loaded when its text is
// sent (even one meant for another directory), on demand when the agent
// reads it later, skipped when it is due and not sent, and listed as
// elsewhere when it is in a nested file of another directory and not
// sent, as intended.
func TestVerifyDir(t *testing.T) {
	pls := []placement{
		{rule: "root", file: "AGENTS.md", text: "Root rule."},
		{rule: "api", file: "src/api/AGENTS.md", scopeDir: "src/api", text: "Api rule."},
		{rule: "web", file: "src/web/AGENTS.md", scopeDir: "src/web", text: "Web rule."},
		{rule: "lazy", file: ".claude/rules/lazy.md", onDemand: "later", text: "Lazy rule."},
		{rule: "lost", file: "AGENTS.md", text: "Lost rule."},
	}
	a := Agent{Name: "codex", Target: "agents-md"}
	tests := []struct {
		dir, sent string
		states    []RuleState
		elsewhere []string
	}{
		{".", "Root rule.", []RuleState{
			{Rule: "root", File: "AGENTS.md", Status: StLoads},
			{Rule: "lazy", File: ".claude/rules/lazy.md", Status: StOnDemand, Reason: "later"},
			{Rule: "lost", File: "AGENTS.md", Status: StSkips, Reason: "/r/AGENTS.md is not loaded by codex (missing, or not a file codex reads)"},
		}, []string{"api", "web"}},
		{"src/api", "Root rule.\nApi rule.\nWeb rule.\nLost rule.", []RuleState{
			{Rule: "root", File: "AGENTS.md", Status: StLoads},
			{Rule: "api", File: "src/api/AGENTS.md", Status: StLoads},
			{Rule: "web", File: "src/web/AGENTS.md", Status: StLoads},
			{Rule: "lazy", File: ".claude/rules/lazy.md", Status: StOnDemand, Reason: "later"},
			{Rule: "lost", File: "AGENTS.md", Status: StLoads},
		}, nil},
	}
	for _, tc := range tests {
		states, elsewhere := verifyDir(loaded{text: tc.sent}, a, "/r", tc.dir, pls)
		if !reflect.DeepEqual(states, tc.states) {
			t.Errorf("from %s: states\n%+v\nwant\n%+v", tc.dir, states, tc.states)
		}
		if !reflect.DeepEqual(elsewhere, tc.elsewhere) {
			t.Errorf("from %s: elsewhere %v, want %v", tc.dir, elsewhere, tc.elsewhere)
		}
	}
}

// TestBelow: a path relative to the root, or not below it.
func TestBelow(t *testing.T) {
	tests := []struct {
		p, root, want string
		ok            bool
	}{
		{"/r", "/r", ".", true},
		{"/r/a/b", "/r", "a/b", true},
		{"/rx/a", "/r", "", false},
		{"/other", "/r", "", false},
		{"/a", "/", "a", true},
		{"/", "/", ".", true},
	}
	for _, tc := range tests {
		if got, ok := below(tc.p, tc.root); got != tc.want || ok != tc.ok {
			t.Errorf("below(%q, %q) = %q, %v; want %q, %v", tc.p, tc.root, got, ok, tc.want, tc.ok)
		}
	}
}

// TestListSome: the text report names a few rules and counts the rest.
func TestListSome(t *testing.T) {
	tests := []struct {
		s    []string
		want string
	}{
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a, b"},
		{[]string{"a", "b", "c"}, "a, b and 1 more (--json lists them)"},
	}
	for _, tc := range tests {
		if got := listSome(tc.s, 2); got != tc.want {
			t.Errorf("listSome(%v, 2) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
