package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// testBinary builds the module's promptc once for the package's tests.
func testBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "docgen-test")
		if err != nil {
			binErr = err
			return
		}
		binPath, binErr = buildPromptc(filepath.Join("..", ".."), dir)
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// TestReferenceIsCurrent generates docs/reference from the code as
// `go run ./tools/docgen` does and fails when a committed file differs, is
// missing or is not one docgen writes, naming the command that fixes it.
func TestReferenceIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds promptc")
	}
	root := filepath.Join("..", "..")
	var report bytes.Buffer
	if err := run(root, testBinary(t), true, &report); err != nil {
		t.Fatalf("%v\n%s", err, report.String())
	}
}

// TestCommandNames reads the command list from the overview's Usage block:
// one entry per command, subcommands kept, argument words dropped.
func TestCommandNames(t *testing.T) {
	overview := "promptc does things.\n\nUsage:\n" +
		"  promptc build    [flags]            print\n" +
		"  promptc agents   [--cwd DIR]        side by side\n" +
		"  promptc agents capture AGENT        record\n" +
		"  promptc diff     OLD.json NEW.json  one\n" +
		"  promptc diff     [flags] -- [flags] two\n" +
		"  promptc schema   [pipeline|explain] print\n" +
		"  promptc --version                   print\n" +
		"\nFlags of build:\n  --pipeline NAME  run\n"
	got := strings.Join(commandNames(overview), ",")
	if want := "build,agents,agents capture,diff,schema"; got != want {
		t.Errorf("commandNames = %q, want %q", got, want)
	}
}

// TestStaleReferenceIsReported changes a generated file in a copy and
// checks that -check refuses it with the fix command, and that a run
// without -check restores it.
func TestStaleReferenceIsReported(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds promptc")
	}
	root, bin := t.TempDir(), testBinary(t)
	// generate reads sections/funcs.go below the root: give the copy one.
	src, err := os.ReadFile(filepath.Join("..", "..", "sections", "funcs.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "sections"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "sections", "funcs.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	var report bytes.Buffer
	if err := run(root, bin, false, &report); err != nil {
		t.Fatal(err)
	}
	kinds := filepath.Join(root, "docs", "reference", "kinds.md")
	good, err := os.ReadFile(kinds)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(kinds, append(good, "edited by hand\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	extra := filepath.Join(root, "docs", "reference", "notes.md")
	if err := os.WriteFile(extra, []byte("not generated\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = run(root, bin, true, &report)
	if err == nil || !strings.Contains(err.Error(), "run: go run ./tools/docgen") {
		t.Fatalf("check of an edited reference: err = %v, want the stale error naming the fix", err)
	}
	if !strings.Contains(report.String(), "kinds.md") || !strings.Contains(report.String(), "notes.md") {
		t.Errorf("report does not name the edited and the extra file:\n%s", report.String())
	}
	if err := run(root, bin, false, &report); err != nil {
		t.Fatal(err)
	}
	if now, _ := os.ReadFile(kinds); !bytes.Equal(now, good) {
		t.Error("a run without -check did not restore kinds.md")
	}
	if _, err := os.Stat(extra); !os.IsNotExist(err) {
		t.Errorf("a run without -check left notes.md: %v", err)
	}
}
