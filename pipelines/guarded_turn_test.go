package pipelines_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources/osfs"
)

// TestGuardedNewTurnKeepsTheRules: a host that rebuilds the guarded prompt
// on a new turn (after compacting the conversation, say) gets the safety
// rules and the user's and project's instructions back unchanged, only the
// volatile environment moving; an edit of an @imported file shows up on
// the next turn, since imports are re-read on every build.
func TestGuardedNewTurnKeepsTheRules(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj, agent := filepath.Join(root, "proj"), filepath.Join(root, "agent")
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(proj, ".git", "HEAD"), "ref: refs/heads/main\n")
	write(filepath.Join(agent, "AGENTS.md"), "Indent with four spaces.\n")
	write(filepath.Join(proj, "AGENTS.md"), "Indent with tabs.\n@docs/style.md\n")
	write(filepath.Join(proj, "docs", "style.md"), "Style one.\n")
	b, err := engine.NewBuilder(compileNamed(t, "guarded"), osfs.Root())
	if err != nil {
		t.Fatal(err)
	}
	params := func(today string) map[string]any {
		return map[string]any{"cwd": proj, "home": root, "agent_dir": agent, "today": today, "os": "linux"}
	}
	first, err := b.Build(context.Background(), params("2026-01-01"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(proj, "main.go"), "package main\n") // the agent worked in between
	second, err := b.Build(context.Background(), params("2026-01-02"))
	if err != nil {
		t.Fatal(err)
	}
	texts := func(r *engine.Result) map[string]string {
		m := map[string]string{}
		for _, s := range r.Sections {
			if s.Active {
				m[s.ID] = s.Text
			}
		}
		return m
	}
	a, c := texts(first), texts(second)
	for _, id := range []string{"identity", "tools", "behaviour", "user_instructions", "project_instructions"} {
		if a[id] == "" || a[id] != c[id] {
			t.Errorf("section %s changed between turns or is missing:\n%q\n%q", id, a[id], c[id])
		}
	}
	if !strings.Contains(c["project_instructions"], "Style one.") || !strings.Contains(c["user_instructions"], "four spaces") {
		t.Errorf("rules missing on the new turn:\n%s", second.Text)
	}
	if a["environment"] == c["environment"] || !strings.HasSuffix(second.Text, c["environment"]) {
		t.Errorf("environment should move and stay last:\n%s", second.Text)
	}
	write(filepath.Join(proj, "docs", "style.md"), "Style two.\n")
	third, err := b.Build(context.Background(), params("2026-01-02"))
	if err != nil || !strings.Contains(third.Text, "Style two.") || strings.Contains(third.Text, "Style one.") {
		t.Errorf("an edited import must show on the next turn: %v\n%s", err, third.Text)
	}
}
