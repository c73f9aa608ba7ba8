package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ciCommands are the commands of docs/guide/ci.md's promptc check workflow (its
// run: lines that call promptc) and pre-commit hook (its entry:), as
// written there.
func ciCommands(t *testing.T) (workflow []string, hook string) {
	t.Helper()
	run := regexp.MustCompile(`^\s*(?:- )?run: (promptc .*)$`)
	entry := regexp.MustCompile(`^\s*entry: (promptc .*)$`)
	for _, b := range docBlocks(t, "docs/guide/ci.md") {
		switch {
		case b.lang == "yaml" && strings.Contains(b.text, "prompt-checks.yml"):
			for _, l := range strings.Split(b.text, "\n") {
				if m := run.FindStringSubmatch(l); m != nil {
					workflow = append(workflow, m[1])
				}
			}
		case b.lang == "yaml" && strings.Contains(b.text, ".pre-commit-config.yaml"):
			for _, l := range strings.Split(b.text, "\n") {
				if m := entry.FindStringSubmatch(l); m != nil {
					hook = m[1]
				}
			}
		}
	}
	if len(workflow) < 3 || hook == "" {
		t.Fatalf("docs/guide/ci.md: the promptc check workflow or pre-commit hook is missing (run: %q, entry: %q)", workflow, hook)
	}
	return workflow, hook
}

// TestCheckCIRecipe runs docs/guide/ci.md's GitHub Actions workflow and pre-commit
// hook for promptc check, command by command as written, in a repository
// whose goldens were approved: every command passes; after an edit of
// AGENTS.md the checking commands fail, the annotations name AGENTS.md
// and its line, the step summary gets the Markdown table and the SARIF
// log is written.
func TestCheckCIRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	workflow, hook := ciCommands(t)
	bin := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "promptc"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	repo := checkRepo(t, "  - {pipeline: default, cwd: ., args: [--approve]}\n  - {pipeline: claude-code, cwd: .}\n")
	summary := filepath.Join(t.TempDir(), "summary.md")
	sh := func(line string) (string, error) {
		cmd := exec.Command("bash", "-eo", "pipefail", "-c", line)
		cmd.Dir = repo
		cmd.Env = []string{"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + t.TempDir(), "GITHUB_STEP_SUMMARY=" + summary}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := sh("promptc check --update"); err != nil {
		t.Fatalf("promptc check --update: %v\n%s", err, out)
	}
	for _, line := range append(workflow, hook) {
		if out, err := sh(line); err != nil {
			t.Errorf("approved goldens: %s: %v\n%s", line, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "AGENTS.md"), []byte("Use spaces.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, line := range append(workflow, hook) {
		out, err := sh(line)
		if err == nil {
			continue
		}
		failed++
		if strings.Contains(line, "--format github") && !strings.Contains(out, "::error file=AGENTS.md,line=1,title=promptc check default--root::") {
			t.Errorf("%s: no annotation on AGENTS.md:1\n%s", line, out)
		}
	}
	if failed < 2 { // the annotations step and the hook
		t.Errorf("after an edit only %d of the commands failed", failed)
	}
	if data, err := os.ReadFile(summary); err != nil || !strings.Contains(string(data), "| default--root | default | `.` | ❌ fail |") {
		t.Errorf("step summary: %v\n%s", err, data)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	data, err := os.ReadFile(filepath.Join(repo, "promptc.sarif"))
	if err != nil || json.Unmarshal(data, &log) != nil || log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Errorf("promptc.sarif: %v\n%s", err, data)
	}
}
