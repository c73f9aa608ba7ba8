package host_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
)

// countingEnv counts the values its memo computes: the compiles.
type countingEnv struct {
	host.Static
	mu       sync.Mutex
	memo     map[string]any
	compiles int
}

func (c *countingEnv) Memo(key string, compute func() any) any {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.memo[key]; ok {
		return v
	}
	c.compiles++
	v := compute()
	c.memo[key] = v
	return v
}

// TestOpenCompilesOnce: reading a command line and opening its session
// compile the pipeline once; a project layer that applies adds the one
// compile it needs, and a second session over the same files none.
func TestOpenCompilesOnce(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(root, "proj")
	for name, text := range map[string]string{"proj/.git/HEAD": "ref: refs/heads/main\n", "proj/.promptc.yaml": "sections:\n  team: {template: \"Team rules.\"}\n"} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	e := &countingEnv{Static: host.Static{Dir: proj, Date: "2026-01-01", Vars: map[string]string{"HOME": filepath.Join(root, "home"), host.EnvSystemConfig: filepath.Join(root, "none.yaml")}}, memo: map[string]any{}}
	for i, tc := range []struct {
		argv     []string
		compiles int
		team     bool
	}{
		{[]string{"--cwd", proj}, 1, false},             // pi does not trust the project: one compile
		{[]string{"--cwd", proj, "--approve"}, 1, true}, // trusted: the project layer's compile (the global plan is kept)
		{[]string{"--cwd", proj, "--approve"}, 0, true}, // the same again: both plans are kept
	} {
		before := e.compiles
		h := &host.Host{Env: e}
		r, err := args.Read(ctx, h, host.Request{Pipeline: "pi@0.83.0"}, tc.argv, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := h.Open(ctx, r.Request)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Build(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.compiles - before; got != tc.compiles {
			t.Errorf("%d: %v compiled %d times, want %d", i, tc.argv, got, tc.compiles)
		}
		if got := strings.Contains(res.Text, "Team rules."); got != tc.team || s.ProjectApplied != tc.team {
			t.Errorf("%d: %v: project layer applied %v (ProjectApplied %v), want %v", i, tc.argv, got, s.ProjectApplied, tc.team)
		}
	}
}
