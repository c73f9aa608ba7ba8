package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/promptc/promptc/check"
)

// checkRepo makes a repository with an AGENTS.md and a checks file of
// checks (the lines under checks:), and returns its root.
func checkRepo(t *testing.T, checks string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		".git/HEAD":            "ref: refs/heads/main\n",
		"AGENTS.md":            "Use tabs.\n",
		".promptc/checks.yaml": "checks:\n" + checks,
	} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func runCheck(t *testing.T, root string, extra ...string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	args := append([]string{"check", "--checks", filepath.Join(root, ".promptc", "checks.yaml")}, extra...)
	code := run(context.Background(), args, &out, &errOut, osEnv{})
	return code, out.String() + errOut.String()
}

// TestCheckExitCodes: each outcome of promptc check has its own status,
// and a run that fails writes no golden.
func TestCheckExitCodes(t *testing.T) {
	const one = "  - {pipeline: default, cwd: ., args: [--approve]}\n"
	t.Run("pass, difference, update", func(t *testing.T) {
		root := checkRepo(t, one)
		if code, out := runCheck(t, root, "--update"); code != 0 {
			t.Fatalf("--update: exit %d\n%s", code, out)
		}
		if code, out := runCheck(t, root); code != 0 {
			t.Fatalf("check: exit %d\n%s", code, out)
		}
		if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte("Use spaces.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out := runCheck(t, root); code != 1 || !strings.Contains(out, "AGENTS.md:1: section project_context changed") {
			t.Fatalf("after an edit: exit %d\n%s", code, out)
		}
	})
	t.Run("usage", func(t *testing.T) {
		root := checkRepo(t, one)
		for _, args := range [][]string{{"--format", "yaml"}, {"--frobnicate"}, {"extra"}, {"--format"}} {
			if code, out := runCheck(t, root, args...); code != exitUsage {
				t.Errorf("%v: exit %d, want 2\n%s", args, code, out)
			}
		}
	})
	t.Run("unknown pipeline", func(t *testing.T) {
		root := checkRepo(t, "  - {pipeline: no-such, cwd: .}\n")
		if code, out := runCheck(t, root, "--update"); code != exitUsage || !strings.Contains(out, `checks.yaml:2:3: check no-such--root: no pipeline "no-such"`) {
			t.Fatalf("exit %d\n%s", code, out)
		}
		if _, err := os.Stat(filepath.Join(root, ".promptc", "golden", "no-such--root.golden")); err == nil {
			t.Error("a golden was written")
		}
	})
	t.Run("missing directory", func(t *testing.T) {
		root := checkRepo(t, "  - {pipeline: default, cwd: nowhere}\n")
		if code, out := runCheck(t, root); code != exitUsage || !strings.Contains(out, "cwd nowhere: no such directory") {
			t.Fatalf("exit %d\n%s", code, out)
		}
	})
	t.Run("invalid golden", func(t *testing.T) {
		root := checkRepo(t, one)
		golden := filepath.Join(root, ".promptc", "golden", "default--root.golden")
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		bad := []byte("promptc check golden: edited\n=== sections ===\n{\"id\": 3}\n=== prompt ===\nHi\n")
		if err := os.WriteFile(golden, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out := runCheck(t, root); code != exitCheckGolden || !strings.Contains(out, "default--root.golden:3: not a section") {
			t.Fatalf("exit %d\n%s", code, out)
		}
		if data, _ := os.ReadFile(golden); !bytes.Equal(data, bad) {
			t.Error("the golden was changed")
		}
	})
	t.Run("locked", func(t *testing.T) {
		root := checkRepo(t, one)
		c, err := check.Load(filepath.Join(root, ".promptc", "checks.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		unlock, err := check.Lock(c) // another --update, running
		if err != nil {
			t.Fatal(err)
		}
		code, out := runCheck(t, root, "--update")
		unlock()
		if code != exitCheckLocked || !strings.Contains(out, "another promptc check --update is writing these goldens") {
			t.Fatalf("exit %d\n%s", code, out)
		}
		entries, _ := os.ReadDir(c.GoldenDir)
		for _, e := range entries {
			if e.Name() != check.LockName {
				t.Errorf("%s written while locked", e.Name())
			}
		}
		if code, out := runCheck(t, root, "--update"); code != 0 {
			t.Fatalf("after the lock is released: exit %d\n%s", code, out)
		}
		if _, err := os.Stat(filepath.Join(c.GoldenDir, check.LockName)); err == nil {
			t.Error("the lock file is left behind")
		}
	})
	t.Run("unreadable checks file", func(t *testing.T) {
		root := checkRepo(t, one)
		var out, errOut bytes.Buffer
		code := run(context.Background(), []string{"check", "--checks", root}, &out, &errOut, osEnv{})
		if code != exitInternal {
			t.Fatalf("a directory as the checks file: exit %d\n%s", code, errOut.String())
		}
	})
}

// TestCheckFIFO: a checks file or a golden that is a named pipe is an
// error at once (exit 3), never a hang.
func TestCheckFIFO(t *testing.T) {
	root := checkRepo(t, "  - {pipeline: claude-code, cwd: .}\n")
	golden := filepath.Join(root, ".promptc", "golden", "claude-code--root.golden")
	if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(root, "fifo")
	for _, p := range []string{golden, fifo} {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	if code, out := runCheck(t, root); code != exitInternal || !strings.Contains(out, "claude-code--root.golden") {
		t.Errorf("a FIFO golden: exit %d\n%s", code, out)
	}
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"check", "--checks", fifo}, &out, &errOut, osEnv{}); code != exitInternal {
		t.Errorf("a FIFO checks file: exit %d\n%s", code, errOut.String())
	}
}
