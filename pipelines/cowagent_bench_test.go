package pipelines_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
)

// cowFixture writes a CowAgent workspace with the five context files, a
// long MEMORY.md, a knowledge index and `skills` workspace skills, and
// returns the params of the cowagent pipeline.
func cowFixture(tb testing.TB, skills int) map[string]any {
	tb.Helper()
	root, err := filepath.EvalSymlinks(tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	ws := filepath.Join(root, "ws")
	write := func(rel, s string) {
		p := filepath.Join(ws, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write("AGENT.md", "# Agent\nI am Cow, a careful assistant.\n")
	write("USER.md", "# User\nName: Ada\n")
	write("RULE.md", "# Rules\nAlways cite sources.\n")
	write("MEMORY.md", strings.Repeat("- remembered fact\n", 300))
	write("knowledge/index.md", "# Knowledge\n- [Go](go.md)\n")
	for i := 0; i < skills; i++ {
		write(fmt.Sprintf("skills/skill-%04d/SKILL.md", i),
			fmt.Sprintf("---\nname: skill-%04d\ndescription: Does task %d.\n---\nBody.\n", i, i))
	}
	age(tb, root)
	return map[string]any{
		"cwd": ws, "cwd_arg": ws, "today": "2026-01-15", "language": "en",
		"tools":          []any{"read", "write", "bash", "memory_search", "memory_get"},
		"memory_manager": true,
		"skills":         map[string]any{"custom_dir": filepath.Join(ws, "skills"), "env": map[string]any{"PATH": "/usr/bin"}},
		"runtime_info":   map[string]any{"model": "m", "channel": "feishu"},
	}
}

// BenchmarkCowAgentTurn compares a cold build with a warm per-turn rebuild
// of the cowagent pipeline over an unchanged workspace.
func BenchmarkCowAgentTurn(b *testing.B) {
	plan, ds, err := pipelines.Compile(context.Background(), "cowagent", nil, nil)
	if err != nil || ds.HasErrors() {
		b.Fatal(err, ds)
	}
	for _, n := range []int{10, 100, 1000} {
		params := cowFixture(b, n)
		b.Run(fmt.Sprintf("skills=%d/cold", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bl, _ := engine.NewBuilder(plan, os.DirFS("/"))
				if _, err := bl.Build(context.Background(), params); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("skills=%d/warm", n), func(b *testing.B) {
			bl, _ := engine.NewBuilder(plan, os.DirFS("/"))
			if _, err := bl.Build(context.Background(), params); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := bl.Build(context.Background(), params); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestCowAgentWarmRebuildReadsNothing checks the per-turn guarantee on the
// cowagent pipeline: an unchanged workspace is not read again.
func TestCowAgentWarmRebuildReadsNothing(t *testing.T) {
	plan, ds, err := pipelines.Compile(context.Background(), "cowagent", nil, nil)
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	params := cowFixture(t, 5)
	bl, err := engine.NewBuilder(plan, os.DirFS("/"))
	if err != nil {
		t.Fatal(err)
	}
	first, err := bl.Build(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	cold := bl.Reads()
	second, err := bl.Build(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	if bl.Reads() != cold || first.Text != second.Text || !strings.Contains(first.Text, "I am Cow") {
		t.Errorf("warm rebuild read %d more (cold %d), same text %v", bl.Reads()-cold, cold, first.Text == second.Text)
	}
}
