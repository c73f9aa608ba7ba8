package host

import (
	"reflect"
	"testing"

	"github.com/promptc/promptc/sources"
)

// TestCrossSkips: a file another agent loads is a wrong name where this
// agent's walk went through its directory, outside the walk elsewhere,
// and not repeated when the agent already reports it.
func TestCrossSkips(t *testing.T) {
	v := &AgentsView{Agents: []AgentView{
		{Agent: "a", Files: []AgentFile{{Path: "/r/AGENTS.md"}, {Path: "/AGENTS.md"}}},
		{Agent: "b", Files: []AgentFile{{Path: "/r/CLAUDE.md"}},
			Skipped: []AgentSkip{{Path: "/AGENTS.md", Reason: "own reason"}},
			walk:    &sources.Walk{Dirs: []string{"/r"}, Names: []string{"CLAUDE.md"}}},
		{Agent: "c"},
	}}
	v.crossSkips()
	want := [][]AgentSkip{
		{{Path: "/r/CLAUDE.md", Reason: "not loaded"}},
		{{Path: "/AGENTS.md", Reason: "own reason"}, {Path: "/r/AGENTS.md", Reason: ReasonWrongName, Detail: "reads CLAUDE.md"}},
		{{Path: "/r/AGENTS.md", Reason: "not loaded"}, {Path: "/AGENTS.md", Reason: "not loaded"}, {Path: "/r/CLAUDE.md", Reason: "not loaded"}},
	}
	for i, a := range v.Agents {
		if !reflect.DeepEqual(a.Skipped, want[i]) {
			t.Errorf("%s skipped:\n got %+v\nwant %+v", a.Agent, a.Skipped, want[i])
		}
	}
	v = &AgentsView{Agents: []AgentView{
		{Agent: "a", Files: []AgentFile{{Path: "/x/AGENTS.md"}}},
		{Agent: "b", walk: &sources.Walk{Dirs: []string{"/r"}, Names: []string{"AGENTS.md"}}},
	}}
	v.crossSkips()
	if got := v.Agents[1].Skipped; len(got) != 1 || got[0].Reason != ReasonOutside {
		t.Errorf("outside the walk: got %+v", got)
	}
}
