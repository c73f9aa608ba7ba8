package main

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// docBlock is one fenced code block of a Markdown file: lang is the first
// word of its info string (```sh, ```yaml, ```text), line the line of its
// opening fence.
type docBlock struct {
	lang, text string
	line       int
}

// repoRoot is the module root, relative to this package.
var repoRoot = filepath.Join("..", "..")

// docFiles lists the documentation whose examples run: README.md and every
// Markdown file under docs/, as paths relative to the module root, sorted.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(repoRoot, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(repoRoot, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files[1:])
	return files
}

// docBlocks returns the fenced code blocks of one documentation file (a
// path relative to the module root). Fences may be indented (a block in a
// list item); the block's lines keep their indentation.
func docBlocks(t *testing.T, file string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	var out []docBlock
	var cur *docBlock
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			lang, _, _ := strings.Cut(strings.TrimPrefix(trimmed, "```"), " ")
			cur = &docBlock{lang: lang, line: n}
		case cur != nil && trimmed == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: a code block is never closed", file, cur.line)
	}
	return out
}

// TestREADMEExamples runs every shell example of README.md and of every
// Markdown file under docs/, as written, against a freshly built promptc in
// a sandbox home with the projects the examples name (~/src/project,
// ~/cow/workspace, a team.yaml overlay, the pi extension at
// integrations/pi/promptc.ts), and validates every YAML example that is not
// marked as an excerpt ("…"), a system or user layer where it lives.
//
// The fence says what a block is: ```sh runs; ```yaml is validated as a
// pipeline or layer file; ```text (and every other language: json, go,
// python, typescript — the clients are run by TestServeClients) is shown,
// never run. A command that cannot run here (it needs an agent CLI
// installed, npm or the network) goes in a ```text block, and the text
// says what it needs.
//
// `go build`/`go test` lines are the two commands themselves and are
// skipped; `go run ./cmd/promptc` runs the built binary. Where Graphviz is
// not installed, `dot -Tsvg` is replaced by cat so promptc's part still
// runs.
func TestREADMEExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "promptc"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	_, haveDot := exec.LookPath("dot")
	for _, file := range docFiles(t) {
		t.Run(file, func(t *testing.T) {
			for _, b := range docBlocks(t, file) {
				switch {
				case b.lang == "sh":
					t.Run(fmt.Sprintf("sh@%04d", b.line), func(t *testing.T) { runShellExample(t, bin, b.text, haveDot == nil) })
				case b.lang == "yaml" && !strings.Contains(b.text, "…") && !strings.Contains(b.text, "..."):
					t.Run(fmt.Sprintf("yaml@%04d", b.line), func(t *testing.T) { validateYAMLExample(t, bin, b.text) })
				}
			}
		})
	}
}

// sandbox makes a home with the projects the examples use and returns the
// working directory and the environment.
func sandbox(t *testing.T, bin string) (dir string, env []string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "home")
	files := map[string]string{
		"home/src/project/AGENTS.md":  "Use tabs.\n",
		"home/cow/workspace/AGENT.md": "# Agent\nA helpful agent.\n",
		"work/team.yaml":              "sections:\n  company:\n    after: [cwd]\n    template: \"\\n\\nFollow the company rules.\"\n",
	}
	// The pi section installs the extension from the checkout.
	ext, err := os.ReadFile(filepath.Join(repoRoot, "integrations", "pi", "promptc.ts"))
	if err != nil {
		t.Fatal(err)
	}
	files["work/integrations/pi/promptc.ts"] = string(ext)
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(root, "work"), []string{"HOME=" + home, "PATH=" + bin + ":/usr/local/bin:/usr/bin:/bin", "LANG=C"}
}

func runShellExample(t *testing.T, bin, text string, haveDot bool) {
	dir, env := sandbox(t, bin)
	var script []string
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "go test"):
			continue
		case strings.HasPrefix(line, "go build -o promptc ./cmd/promptc"):
			line = "cp " + filepath.Join(bin, "promptc") + " ./promptc"
		case strings.HasPrefix(line, "go run ./cmd/promptc"):
			line = "promptc" + strings.TrimPrefix(line, "go run ./cmd/promptc")
		}
		if !haveDot {
			line = strings.ReplaceAll(line, "dot -Tsvg", "cat")
		}
		script = append(script, line)
	}
	// A failing line ends the script; its background jobs (a server)
	// are killed with it rather than holding the output open.
	script = append([]string{`trap 'kill $(jobs -p) 2>/dev/null || true' EXIT`}, script...)
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", strings.Join(script, "\n"))
	cmd.Dir, cmd.Env = dir, env
	cmd.WaitDelay = 10 * time.Second
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("example failed: %v\n--- script\n%s\n--- output\n%s", err, strings.Join(script, "\n"), out)
	}
}

// validateYAMLExample checks a YAML example. One whose first line names
// the system or user layer file ("# /etc/promptc/config.yaml …",
// "# ~/.config/promptc/config.yaml …") is that layer: promptc build must
// accept it there (a layer may say what an overlay may not, on_failure).
// Any other is checked by validate, as a pipeline or an overlay.
func validateYAMLExample(t *testing.T, bin, text string) {
	dir, env := sandbox(t, bin)
	if err := os.WriteFile(filepath.Join(dir, "example.yaml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"validate", "example.yaml"}
	first, _, _ := strings.Cut(text, "\n")
	switch {
	case strings.HasPrefix(first, "# /etc/promptc/config.yaml"):
		env = append(env, "PROMPTC_SYSTEM_CONFIG="+filepath.Join(dir, "example.yaml"))
		args = []string{"build", "--cwd", "."}
	case strings.HasPrefix(first, "# ~/.config/promptc/config.yaml"):
		env = append(env, "PROMPTC_USER_CONFIG="+filepath.Join(dir, "example.yaml"))
		args = []string{"build", "--cwd", "."}
	}
	cmd := exec.Command(filepath.Join(bin, "promptc"), args...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("example does not validate: %v\n--- example\n%s--- output\n%s", err, text, out)
	}
}

// TestREADMEIsShort keeps README.md a page a newcomer reads: what promptc
// is, the two commands, a tour and where to go next; the manual lives in
// docs/.
func TestREADMEIsShort(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > 250 {
		t.Errorf("README.md has %d lines; keep it under 250 and move the detail into docs/", n)
	}
}

// TestCIRunsREADMETestCommand checks that .ci/run runs the README's test
// command: the `go test` line of README's "Two commands" block, with at
// most a -timeout added (the real pi suites need more than go test's
// default ten minutes).
func TestCIRunsREADMETestCommand(t *testing.T) {
	var want string
	for _, b := range docBlocks(t, "README.md") {
		for _, l := range strings.Split(b.text, "\n") {
			if strings.HasPrefix(l, "go test") && want == "" {
				want = strings.TrimSpace(strings.SplitN(l, "#", 2)[0])
			}
		}
	}
	if want == "" {
		t.Fatal("README.md shows no go test command")
	}
	ci, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(string(ci), "\n") {
		l = strings.TrimSpace(strings.SplitN(l, "#", 2)[0])
		if !strings.HasPrefix(l, "go test") || strings.Contains(l, " -run") {
			continue // a focused run (the race-built serve test) is not the suite
		}
		f := strings.Fields(l)
		var kept []string
		for i := 0; i < len(f); i++ {
			if f[i] == "-timeout" {
				i++
				continue
			}
			kept = append(kept, f[i])
		}
		got = append(got, strings.Join(kept, " "))
	}
	if len(got) != 1 || got[0] != want {
		t.Errorf(".ci/run runs %q (without -timeout); want exactly the README's %q", got, want)
	}
}
