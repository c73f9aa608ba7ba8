package pipelines_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// TestBuilderFollowsTheDisk pins the per-turn contract: every build sees
// the files as they are now, and a failed rebuild serves the last good
// prompt with a diagnostic.
func TestBuilderFollowsTheDisk(t *testing.T) {
	plan := compileDefault(t)
	params := fixture(t, 2, 2)
	cwd := params["cwd"].(string)
	agents := filepath.Join(cwd, "AGENTS.md")
	deny := &oracletest.DenyFS{FS: osfs.Root().(sources.FS)}
	b, err := engine.NewBuilder(plan, deny)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	build := func() (*engine.Result, error) {
		t.Helper()
		return b.Build(ctx, params)
	}
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// phase: first build
	write(agents, "Rule one.\n")
	res, err := build()
	if err != nil || !strings.Contains(res.Text, "Rule one.") {
		t.Fatalf("first build: %v\n%s", err, res.Text)
	}
	// phase: an edit of the same size shows up on the next turn
	write(agents, "Rule two.\n")
	if res, err = build(); err != nil || !strings.Contains(res.Text, "Rule two.") || strings.Contains(res.Text, "Rule one.") {
		t.Fatalf("after edit: %v\n%s", err, res.Text)
	}
	// phase: a deleted file disappears
	if err := os.Remove(agents); err != nil {
		t.Fatal(err)
	}
	if res, err = build(); err != nil || strings.Contains(res.Text, "Rule two.") {
		t.Fatalf("after delete: %v\n%s", err, res.Text)
	}
	// phase: an unreadable context file is pi's warning, not a failure (CTX-9)
	write(agents, "Rule three.\n")
	deny.Deny = []string{agents}
	res, err = build()
	if err != nil || strings.Contains(res.Text, "Rule three.") {
		t.Fatalf("unreadable: %v\n%s", err, res.Text)
	}
	if !strings.Contains(res.Diagnostics.Error(), "Warning: Could not read "+agents+": Error: EACCES: permission denied") {
		t.Errorf("unreadable: diagnostics %v", res.Diagnostics)
	}
	deny.Deny = nil
	good, err := build()
	if err != nil || !strings.Contains(good.Text, "Rule three.") {
		t.Fatalf("readable again: %v", err)
	}
	// phase: a broken trust store makes the run fail; the last good
	// prompt comes back with the error and a fallback diagnostic
	params["trust_mode"] = "auto"
	write(params["agent_dir"].(string)+"/trust.json", "{broken")
	res, err = build()
	if err == nil || !strings.Contains(err.Error(), "Failed to read trust store") {
		t.Fatalf("broken trust store: err = %v", err)
	}
	if res == nil || res.Text != good.Text {
		t.Fatal("broken trust store: the last good prompt was not returned")
	}
	last := res.Diagnostics[len(res.Diagnostics)-1]
	if last.Code != "build/fallback" || !strings.Contains(last.Message, "Failed to read trust store") {
		t.Errorf("fallback diagnostic = %+v", last)
	}
	// phase: the same with a trust store that cannot be read at all
	store := params["agent_dir"].(string) + "/trust.json"
	write(store, "{}")
	deny.Deny = []string{store}
	res, err = build()
	if err == nil || res == nil || res.Text != good.Text || !strings.Contains(err.Error(), "EACCES") {
		t.Fatalf("unreadable trust store: err = %v, last good returned = %v", err, res != nil && res.Text == good.Text)
	}
	if last := res.Diagnostics[len(res.Diagnostics)-1]; last.Code != "build/fallback" {
		t.Errorf("fallback diagnostic = %+v", last)
	}
	// phase: readable again, the build recovers (untrusted now: the store
	// has no entry for the project and nothing forces trust)
	deny.Deny = nil
	if res, err = build(); err != nil || strings.Contains(res.Diagnostics.Error(), "last good") {
		t.Fatalf("recovered: %v %v", err, res.Diagnostics)
	}
}

// TestBuilderWarmReadsNothing checks that a rebuild over unchanged files
// reads no file or directory again.
func TestBuilderWarmReadsNothing(t *testing.T) {
	params := fixture(t, 20, 4)
	age(t, filepath.Dir(params["home"].(string)))
	checkWarmReadsNothing(t, compileDefault(t), params)
}

// checkWarmReadsNothing builds twice with one Builder and fails when the
// second build read anything or gave another prompt. It returns the first
// Result.
func checkWarmReadsNothing(t *testing.T, plan *engine.Plan, params map[string]any) *engine.Result {
	t.Helper()
	b, err := engine.NewBuilder(plan, osfs.Root())
	if err != nil {
		t.Fatal(err)
	}
	first, err := b.Build(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	cold := b.Reads()
	second, err := b.Build(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	if b.Reads() != cold || second.Text != first.Text || cold == 0 {
		t.Errorf("warm rebuild read %d more (cold %d); same text %v", b.Reads()-cold, cold, second.Text == first.Text)
	}
	return first
}

// age sets every mtime below root an hour into the past, so no cached
// entry is "racy" (changed too recently to be trusted).
func age(tb testing.TB, root string) {
	tb.Helper()
	old := time.Now().Add(-time.Hour)
	err := filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, old, old)
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// TestBuilderConcurrentUse runs builds from several goroutines on one
// Builder (run with -race): every build gives the same prompt.
func TestBuilderConcurrentUse(t *testing.T) {
	plan := compileDefault(t)
	params := fixture(t, 10, 3)
	b, err := engine.NewBuilder(plan, osfs.Root())
	if err != nil {
		t.Fatal(err)
	}
	want, err := b.Build(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			for range 5 {
				res, err := b.Build(context.Background(), params)
				if err == nil && res.Text != want.Text {
					err = fmt.Errorf("prompt differs")
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
