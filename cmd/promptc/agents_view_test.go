package main

import (
	"reflect"
	"testing"

	"github.com/promptc/promptc/sources"
)

// TestCrossSkips: a file another agent loads is a wrong name where this
// agent's walk went through its directory, outside the walk elsewhere,
// and not repeated when the agent already reports it.
func TestCrossSkips(t *testing.T) {
	v := &agentsView{Agents: []agentView{
		{Agent: "a", Files: []agentFile{{Path: "/r/AGENTS.md"}, {Path: "/AGENTS.md"}}},
		{Agent: "b", Files: []agentFile{{Path: "/r/CLAUDE.md"}},
			Skipped: []agentSkip{{Path: "/AGENTS.md", Reason: "own reason"}},
			walk:    &sources.Walk{Dirs: []string{"/r"}, Names: []string{"CLAUDE.md"}}},
		{Agent: "c"},
	}}
	v.crossSkips()
	want := [][]agentSkip{
		{{Path: "/r/CLAUDE.md", Reason: "not loaded"}},
		{{Path: "/AGENTS.md", Reason: "own reason"}, {Path: "/r/AGENTS.md", Reason: reasonWrongName, Detail: "reads CLAUDE.md"}},
		{{Path: "/r/AGENTS.md", Reason: "not loaded"}, {Path: "/AGENTS.md", Reason: "not loaded"}, {Path: "/r/CLAUDE.md", Reason: "not loaded"}},
	}
	for i, a := range v.Agents {
		if !reflect.DeepEqual(a.Skipped, want[i]) {
			t.Errorf("%s skipped:\n got %+v\nwant %+v", a.Agent, a.Skipped, want[i])
		}
	}
	v = &agentsView{Agents: []agentView{
		{Agent: "a", Files: []agentFile{{Path: "/x/AGENTS.md"}}},
		{Agent: "b", walk: &sources.Walk{Dirs: []string{"/r"}, Names: []string{"AGENTS.md"}}},
	}}
	v.crossSkips()
	if got := v.Agents[1].Skipped; len(got) != 1 || got[0].Reason != reasonOutside {
		t.Errorf("outside the walk: got %+v", got)
	}
}
