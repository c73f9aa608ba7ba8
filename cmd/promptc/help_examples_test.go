package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// helpSandbox is the directory every help example runs in: a git
// repository with an AGENTS.md, a project skill (which needs --approve)
// and a checks file, under a HOME of its own. Each example gets a fresh
// copy.
var helpSandbox = map[string]string{
	"repo/.git/HEAD":                  "ref: refs/heads/main\n",
	"repo/AGENTS.md":                  "# Rules\n\nUse tabs.\n",
	"repo/.pi/skills/deploy/SKILL.md": "---\nname: deploy\ndescription: Deploys the service to staging.\n---\nRun make deploy.\n",
	"repo/.promptc/checks.yaml":       "checks:\n  - pipeline: default\n    cwd: .\n",
	"home/.keep":                      "",
}

// newHelpSandbox writes helpSandbox under a new directory and returns the
// repository (the examples' working directory) and the environment: the
// sandbox's HOME and configuration, and a PATH of promptc (this test
// binary, as testscript.Main installed it) and cat only, so no agent CLI
// installed on the machine changes what an example does.
func newHelpSandbox(t *testing.T) (dir string, env []string) {
	t.Helper()
	bin, err := exec.LookPath("promptc")
	if err != nil {
		t.Fatalf("promptc is not on PATH (testscript.Main installs it): %v", err)
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range helpSandbox {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The examples' PATH: promptc and the few programs they use besides
	// bash's builtins, nothing else (an agent CLI installed on this
	// machine would change what promptc run does).
	tools := filepath.Join(root, "tools")
	if err := os.Mkdir(tools, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cat"} {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Fatalf("the help examples need %s: %v", name, err)
		}
		if err := os.Symlink(p, filepath.Join(tools, name)); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(root, "repo"), []string{
		"HOME=" + filepath.Join(root, "home"),
		"PATH=" + filepath.Dir(bin) + ":" + tools,
		"LANG=C", "TZ=UTC",
		"PROMPTC_SYSTEM_CONFIG=" + filepath.Join(root, "etc", "promptc", "config.yaml"),
		"XDG_CACHE_HOME=" + filepath.Join(root, "home", ".cache"),
	}
}

// TestHelpExamples runs every example of every command's help, as
// written, in a fresh sandbox: each must end with the exit status it
// states and print what it says it prints (its want and lacks patterns).
func TestHelpExamples(t *testing.T) {
	for _, h := range helpTopics() {
		if len(h.Examples) == 0 {
			t.Errorf("%s: its help has no example", h.Name)
		}
		for i, ex := range h.Examples {
			t.Run(strings.ReplaceAll(h.Name, " ", "_")+"/"+string(rune('1'+i)), func(t *testing.T) {
				t.Parallel()
				if !strings.Contains(ex.Command, "promptc ") {
					t.Errorf("example %q does not run promptc", ex.Command)
				}
				dir, env := newHelpSandbox(t)
				cmd := exec.Command("bash", "-eo", "pipefail", "-c", ex.Command)
				cmd.Dir, cmd.Env = dir, env
				cmd.WaitDelay = 10 * time.Second
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err := cmd.Run()
				code := 0
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					code = ee.ExitCode()
				} else if err != nil {
					t.Fatal(err)
				}
				if code != ex.Exit {
					t.Errorf("%s\nexit status %d, want %d\n--- stdout\n%s--- stderr\n%s", ex.Command, code, ex.Exit, stdout.String(), stderr.String())
				}
				if ex.want != "" && !regexp.MustCompile(ex.want).Match(stdout.Bytes()) {
					t.Errorf("%s\n(%s)\nstdout does not match %q:\n%s--- stderr\n%s", ex.Command, ex.Says, ex.want, stdout.String(), stderr.String())
				}
				if ex.lacks != "" && regexp.MustCompile(ex.lacks).Match(stdout.Bytes()) {
					t.Errorf("%s\n(%s)\nstdout matches %q, which it should not:\n%s", ex.Command, ex.Says, ex.lacks, stdout.String())
				}
			})
		}
	}
}

// TestHelpTopics: every command of the usage has a help topic; promptc
// CMD --help and promptc help CMD print it (usage line first, exit 0,
// nothing on stderr); a pipeline command's --help lists the flags its
// topic does, so the reference generated from the topics (promptc help
// --json) does not drift from what the command accepts.
func TestHelpTopics(t *testing.T) {
	listed := regexp.MustCompile(`(?m)^  promptc (\w+(?: capture)?) `).FindAllStringSubmatch(usage, -1)
	if len(listed) < 20 {
		t.Fatalf("found %d commands in the usage", len(listed))
	}
	for _, m := range listed {
		name := m[1]
		if strings.HasPrefix(name, "--") {
			continue
		}
		h, ok := helpTopic(name)
		if !ok {
			t.Errorf("%s is in the usage but has no help topic", name)
			continue
		}
		if h.Summary == "" || h.Description == "" || len(h.Exit) == 0 || len(h.Usage) == 0 {
			t.Errorf("%s: its help lacks a summary, description, usage or exit statuses", name)
		}
		for _, u := range h.Usage {
			if !strings.HasPrefix(u, "promptc "+name) && name != "version" {
				t.Errorf("%s: usage line %q does not start with promptc %s", name, u, name)
			}
		}
		dir, env := newHelpSandbox(t)
		via := map[string][]string{"--help": append(strings.Fields(name), "--help"), "help": append([]string{"help"}, strings.Fields(name)...)}
		var outs []string
		for _, how := range []string{"--help", "help"} {
			cmd := exec.Command("promptc", via[how]...)
			cmd.Dir, cmd.Env = dir, env
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil || stderr.Len() > 0 {
				t.Errorf("promptc %s: %v\n%s", strings.Join(via[how], " "), err, stderr.String())
			}
			if want := "Usage: " + h.Usage[0] + "\n"; !strings.HasPrefix(stdout.String(), want) {
				t.Errorf("promptc %s starts %q, want %q", strings.Join(via[how], " "), firstLine(stdout.String()), want)
			}
			outs = append(outs, stdout.String())
		}
		if outs[0] != outs[1] {
			t.Errorf("promptc %s --help and promptc help %s differ", name, name)
		}
		var flags []string
		for _, line := range strings.Split(between(outs[0], "\nFlags:\n", "\n\n"), "\n") {
			if f := strings.Fields(strings.SplitN(strings.TrimSpace(line), "  ", 2)[0]); len(f) > 0 {
				flags = append(flags, strings.Join(f, " "))
			}
		}
		var want []string
		for _, f := range h.withFlags().Flags {
			want = append(want, f.Flag)
		}
		if strings.Join(flags, "\n") != strings.Join(want, "\n") {
			t.Errorf("promptc %s --help lists the flags\n%s\nits topic (promptc help --json) lists\n%s", name, strings.Join(flags, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestHelpJSON: promptc help --json is every topic, with its flags, as
// data a generator reads.
func TestHelpJSON(t *testing.T) {
	dir, env := newHelpSandbox(t)
	cmd := exec.Command("promptc", "help", "--json")
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Name  string `json:"name"`
		Flags []struct {
			Flag, Name, Default, Help string
		} `json:"flags"`
		Examples []struct{ Says, Command string } `json:"examples"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(helpTopics()) {
		t.Fatalf("%d topics in JSON, %d in helpTopics", len(got), len(helpTopics()))
	}
	byName := map[string]int{}
	for i, h := range got {
		byName[h.Name] = i
	}
	serve := got[byName["serve"]]
	found := false
	for _, f := range serve.Flags {
		if f.Name == "timeout" {
			found = true
			if f.Default != "30s" || f.Flag != "--timeout DURATION" {
				t.Errorf("serve --timeout: %+v, want default 30s", f)
			}
		}
	}
	if !found || len(got[byName["test"]].Examples) == 0 {
		t.Errorf("serve's flags or test's examples are missing:\n%s", out)
	}
}

func TestDefaultOf(t *testing.T) {
	for help, want := range map[string]string{
		"per-request timeout (default 30s)":                          "30s",
		"working directory (default: the process cwd)":               "the process cwd",
		"token encoding: o200k_base (default) or cl100k_base":        "o200k_base",
		"pipeline to run (default: default = pi 1.6.0, or a layer's": "",
		"the model (default: codex gpt-5.5; claude its own)":         "codex gpt-5.5",
		"print the view as JSON":                                     "",
	} {
		if got := defaultOf(help); got != want {
			t.Errorf("defaultOf(%q) = %q, want %q", help, got, want)
		}
	}
}

func firstLine(s string) string { line, _, _ := strings.Cut(s, "\n"); return line }

// between is the text of s after the first from, up to the next to.
func between(s, from, to string) string {
	_, rest, ok := strings.Cut(s, from)
	if !ok {
		return ""
	}
	in, _, _ := strings.Cut(rest, to)
	return in
}
