package agentrun

import "testing"

func TestConflicts(t *testing.T) {
	cases := []struct {
		agent string
		mode  Mode
		args  []string
		bad   bool
	}{
		{"claude", Replace, []string{"-p", "--system-prompt-file", "mine.md", "hi"}, true},
		{"claude", Replace, []string{"--system-prompt=mine"}, true},
		{"claude", Add, []string{"--system-prompt", "mine"}, false},
		{"claude", Add, []string{"--append-system-prompt-file", "x.md"}, true},
		{"codex", Add, []string{"-c", "developer_instructions=x", "exec"}, true},
		{"codex", Add, []string{"--config=model=o3", "exec"}, false},
		{"codex", Replace, []string{"-c", "model_instructions_file=x.md"}, true},
		{"codex", Replace, []string{"exec", "-c", "instructions=x"}, true},
		{"opencode", Replace, []string{"run", "--agent", "plan", "hi"}, true},
		{"opencode", Replace, []string{"run", "--agent=build", "hi"}, false},
		{"opencode", Add, []string{"run", "--agent", "plan", "hi"}, false},
		{"gemini", Replace, []string{"-p", "--system-prompt", "x"}, false},
	}
	for _, c := range cases {
		a, _ := Lookup(c.agent)
		if err := Conflicts(a, c.mode, c.args); (err != nil) != c.bad {
			t.Errorf("%s %s %q: %v, want refused %v", c.agent, c.mode, c.args, err, c.bad)
		}
	}
}
