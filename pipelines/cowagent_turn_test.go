package pipelines_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
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
	plan := compileNamed(b, "cowagent")
	for _, n := range []int{10, 100, 1000} {
		params := cowFixture(b, n)
		b.Run(fmt.Sprintf("skills=%d/cold", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bl, _ := engine.NewBuilder(plan, osfs.Root())
				if _, err := bl.Build(context.Background(), params); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("skills=%d/warm", n), func(b *testing.B) {
			bl, _ := engine.NewBuilder(plan, osfs.Root())
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
	first := checkWarmReadsNothing(t, compileNamed(t, "cowagent"), cowFixture(t, 5))
	if !strings.Contains(first.Text, "I am Cow") {
		t.Errorf("the workspace is not in the prompt:\n%s", first.Text)
	}
}

// TestCowAgentBuilderFollowsTheDisk is the per-turn contract on the
// cowagent pipeline: edits and deletions show on the next turn, an
// unreadable context file is skipped with CowAgent's warning, and a build
// that fails the way CowAgent's does (the skills dir became a file) serves
// the last good prompt with a diagnostic when no fallback_prompt is given.
func TestCowAgentBuilderFollowsTheDisk(t *testing.T) {
	plan := compileNamed(t, "cowagent")
	params := cowFixture(t, 2)
	ws := params["cwd"].(string)
	deny := &oracletest.DenyFS{FS: osfs.Root().(sources.FS)}
	b, err := engine.NewBuilder(plan, deny)
	if err != nil {
		t.Fatal(err)
	}
	build := func() (*engine.Result, error) { return b.Build(context.Background(), params) }
	write := func(rel, s string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(ws, rel), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// phase: an edit of AGENT.md shows on the next turn
	if res, err := build(); err != nil || !strings.Contains(res.Text, "I am Cow") {
		t.Fatalf("first build: %v", err)
	}
	write("AGENT.md", "# Agent\nI am Moo, a careful assistant.\n")
	res, err := build()
	if err != nil || !strings.Contains(res.Text, "I am Moo") || strings.Contains(res.Text, "I am Cow") {
		t.Fatalf("after edit: %v", err)
	}
	// phase: a deleted USER.md disappears
	if err := os.Remove(filepath.Join(ws, "USER.md")); err != nil {
		t.Fatal(err)
	}
	if res, err = build(); err != nil || strings.Contains(res.Text, "Name: Ada") {
		t.Fatalf("after delete: %v", err)
	}
	// phase: an unreadable RULE.md is skipped with a warning, as CowAgent
	// does. chmod changes the file's identity, so the cache reads it again;
	// the deny list makes that read fail even for root.
	rule := filepath.Join(ws, "RULE.md")
	if err := os.Chmod(rule, 0); err != nil {
		t.Fatal(err)
	}
	deny.Deny = []string{rule}
	if res, err = build(); err != nil || strings.Contains(res.Text, "Always cite sources") {
		t.Fatalf("unreadable: %v", err)
	}
	if !strings.Contains(res.Diagnostics.Error(), "[Workspace] Failed to load RULE.md") {
		t.Errorf("unreadable: diagnostics %v", res.Diagnostics)
	}
	deny.Deny = nil
	if err := os.Chmod(rule, 0o644); err != nil {
		t.Fatal(err)
	}
	good, err := build()
	if err != nil || !strings.Contains(good.Text, "Always cite sources") {
		t.Fatalf("readable again: %v", err)
	}
	// phase: the skills dir becomes a file: the build fails, the last good
	// prompt comes back with the error and a diagnostic
	if err := os.RemoveAll(filepath.Join(ws, "skills")); err != nil {
		t.Fatal(err)
	}
	write("skills", "not a directory")
	res, err = build()
	if err == nil || res == nil || res.Text != good.Text {
		t.Fatalf("broken skills dir: err %v, last good returned %v", err, res != nil && res.Text == good.Text)
	}
	if last := res.Diagnostics[len(res.Diagnostics)-1]; last.Code != "build/fallback" {
		t.Errorf("diagnostic = %+v", last)
	}
	// phase: with a fallback_prompt the pipeline's own fallback answers
	params["fallback_prompt"] = "cached prompt"
	if res, err = build(); err != nil || res.Text != "cached prompt" || !res.Fallback {
		t.Fatalf("fallback_prompt: %v %q", err, res.Text)
	}
}
