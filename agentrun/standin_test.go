package agentrun_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/promptc/promptc/agentcapture"
)

// standIn is a shell script posing as an agent CLI for the pass-through
// mechanics (never as proof of a real CLI's behaviour): --version prints
// version; otherwise it records its arguments and the hand-over file it
// was pointed at, copies stdin to stdout, and exits with $STANDIN_EXIT.
// With $STANDIN_SLEEP it waits to be signalled instead (trapping TERM
// into exit 7 when $STANDIN_TRAP is set).
const standIn = `#!/bin/sh
if [ "$1" = "--version" ]; then echo "VERSION"; exit 0; fi
printf '%s\n' "$@" > "$STANDIN_OUT.args"
while [ $# -gt 0 ]; do
  case "$1" in --append-system-prompt-file|--system-prompt-file) cp "$2" "$STANDIN_OUT.prompt"; echo "$2" > "$STANDIN_OUT.path"; shift ;; esac
  shift
done
if [ -n "$STANDIN_TTY" ]; then
  if [ -t 0 ]; then i=yes; else i=no; fi
  if [ -t 1 ]; then o=yes; else o=no; fi
  echo "stdin-tty=$i stdout-tty=$o"; exit 0
fi
if [ -n "$STANDIN_SLEEP" ]; then
  : > "$STANDIN_OUT.started"
  if [ -n "$STANDIN_TRAP" ]; then trap 'exit 7' TERM; sleep 20 & wait; exit 9; fi
  exec sleep 20
fi
cat
exit "${STANDIN_EXIT:-0}"
`

// installStandIn puts the stand-in on w's PATH as name, reporting version.
func installStandIn(t *testing.T, w *world, name, version string) {
	t.Helper()
	p := filepath.Join(w.bin, name)
	if err := os.WriteFile(p, []byte(strings.Replace(standIn, "VERSION", version, 1)), 0o755); err != nil {
		t.Fatal(err)
	}
}

// teamLayer is a user layer that adds one section to every pipeline.
const teamLayer = "sections:\n  team:\n    order: 1000\n    template: \"TEAM-RULE-7f3a: answer in one word.\"\n"

func TestRunPassesStdinStdoutAndExitStatus(t *testing.T) {
	w := newWorld(t)
	installStandIn(t, w, "claude", "2.1.332 (Claude Code)")
	w.write(t, "home/.config/promptc/config.yaml", teamLayer)
	out := filepath.Join(w.root, "standin")
	stdout, stderr, code := promptc(t, w.proj, w.env("STANDIN_OUT="+out, "STANDIN_EXIT=42"), "line one\nline two\n", "run", "claude", "--", "-p", "hello world")
	if code != 42 {
		t.Fatalf("exit status %d, want the stand-in's 42; stderr:\n%s", code, stderr)
	}
	if stdout != "line one\nline two\n" {
		t.Errorf("stdout %q, want stdin passed through", stdout)
	}
	args, _ := os.ReadFile(out + ".args")
	prompt, _ := os.ReadFile(out + ".prompt")
	path, _ := os.ReadFile(out + ".path")
	if !strings.HasPrefix(string(args), "--append-system-prompt-file\n") || !strings.HasSuffix(string(args), "-p\nhello world\n") {
		t.Errorf("arguments:\n%s\nwant the hook, then the user's arguments unchanged", args)
	}
	if string(prompt) != "TEAM-RULE-7f3a: answer in one word.\n" {
		t.Errorf("handed over %q", prompt)
	}
	if !strings.HasPrefix(string(path), w.tmp+"/promptc-run-") {
		t.Errorf("hand-over file %s is not in a private dir under TMPDIR %s", path, w.tmp)
	}
	if l := leftovers(t, w.tmp); len(l) > 0 {
		t.Errorf("left behind: %v", l)
	}
}

func TestRunLeavesHomeAndProjectUntouched(t *testing.T) {
	w := newWorld(t)
	installStandIn(t, w, "claude", "2.1.332 (Claude Code)")
	w.write(t, "home/.config/promptc/config.yaml", teamLayer)
	w.write(t, "home/.claude/CLAUDE.md", "user rules\n")
	w.write(t, "proj/CLAUDE.md", "project rules\n")
	beforeHome, beforeProj := snapshot(t, w.home), snapshot(t, w.proj)
	_, stderr, code := promptc(t, w.proj, w.env("STANDIN_OUT="+filepath.Join(w.root, "standin")), "", "run", "claude", "--", "-p", "hi")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sameTree(t, "HOME", beforeHome, snapshot(t, w.home))
	sameTree(t, "the project", beforeProj, snapshot(t, w.proj))
}

// runSignalled starts promptc run with a sleeping stand-in, waits for it
// to start, sends sig to promptc and returns how promptc ended.
func runSignalled(t *testing.T, w *world, sig syscall.Signal, trap bool) *os.ProcessState {
	t.Helper()
	installStandIn(t, w, "claude", "2.1.332 (Claude Code)")
	w.write(t, "home/.config/promptc/config.yaml", teamLayer)
	out := filepath.Join(w.root, "standin")
	env := w.env("STANDIN_OUT="+out, "STANDIN_SLEEP=1")
	if trap {
		env = append(env, "STANDIN_TRAP=1")
	}
	cmd := exec.Command(promptcBin, "run", "claude", "--", "-p", "hi")
	cmd.Dir, cmd.Env = w.proj, env
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(out + ".started"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the stand-in did not start within 30s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("promptc did not end within 30s of the signal")
	}
	return cmd.ProcessState
}

func TestRunForwardsSignalAndEndsByIt(t *testing.T) {
	w := newWorld(t)
	st := runSignalled(t, w, syscall.SIGTERM, false)
	ws := st.Sys().(syscall.WaitStatus)
	if !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("promptc ended with %v, want killed by SIGTERM like its child", st)
	}
	if l := leftovers(t, w.tmp); len(l) > 0 {
		t.Errorf("left behind after SIGTERM: %v", l)
	}
}

func TestRunForwardsSignalToTrappingChild(t *testing.T) {
	w := newWorld(t)
	st := runSignalled(t, w, syscall.SIGTERM, true)
	if st.ExitCode() != 7 {
		t.Errorf("promptc ended with %v, want the child's exit 7 (its TERM trap)", st)
	}
	if l := leftovers(t, w.tmp); len(l) > 0 {
		t.Errorf("left behind: %v", l)
	}
}

func TestRunFailedStartRemovesFiles(t *testing.T) {
	w := newWorld(t)
	// A package.json gives the version, so the broken binary is first
	// executed by the run itself.
	w.write(t, "bin/package.json", `{"name":"@anthropic-ai/claude-code-linux-x64","version":"2.1.332"}`)
	if err := os.WriteFile(filepath.Join(w.bin, "claude"), []byte("\x7fELF not really"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.write(t, "home/.config/promptc/config.yaml", teamLayer)
	_, stderr, code := promptc(t, w.proj, w.env(), "", "run", "claude", "--", "-p", "hi")
	if code != 126 || !strings.Contains(stderr, "starting") {
		t.Errorf("exit %d, stderr %q; want 126 and the start error", code, stderr)
	}
	if l := leftovers(t, w.tmp); len(l) > 0 {
		t.Errorf("left behind after a failed start: %v", l)
	}
}

func TestRunRefusals(t *testing.T) {
	w := newWorld(t)
	installStandIn(t, w, "codex", "codex-cli 0.171.0")
	installStandIn(t, w, "opencode", "0.1.0")
	w.write(t, "layers/misfit.yaml", "sections:\n  header:\n    disabled: true\n")
	w.write(t, "layers/team.yaml", teamLayer)
	corrupt := filepath.Join(w.root, "corrupt")
	cases := []struct {
		name string
		env  []string
		args []string
		code int
		say  string
	}{
		{"unknown agent", nil, []string{"run", "cursor"}, 2, `unknown agent "cursor"`},
		{"not installed", nil, []string{"run", "gemini"}, 127, "not installed"},
		{"version too old", nil, []string{"run", "opencode"}, 4, "older than 1.18.33"},
		{"no capture for replace", nil, []string{"run", "codex", "--mode", "replace"}, 5, "promptc agents capture codex"},
		{"corrupt capture", []string{"XDG_CACHE_HOME=" + corrupt}, []string{"run", "codex", "--mode", "replace"}, 6, "corrupt capture"},
		{"layer that does not fit", nil, []string{"run", "codex", "--no-config", "--overlay", filepath.Join(w.root, "layers/misfit.yaml")}, 7, "section header is disabled"},
		{"bad mode", nil, []string{"run", "codex", "--mode", "swap"}, 2, "want add or replace"},
		{"pipeline error", nil, []string{"run", "codex", "--set", "sections.team.template={{"}, 1, "not valid YAML"},
	}
	w.write(t, "corrupt/promptc/agents/codex/0.171.0/capture.json", `{"agent":"codex","version":"0.171.0","bytes":3,"sha256":"00"}`)
	w.write(t, "corrupt/promptc/agents/codex/0.171.0/base.md", "abc")
	before := snapshot(t, w.home)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := promptc(t, w.proj, w.env(c.env...), "", c.args...)
			if code != c.code || !strings.Contains(stderr, c.say) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit %d saying %q", code, stderr, c.code, c.say)
			}
			if _, err := os.Stat(filepath.Join(w.root, "standin.args")); err == nil {
				t.Errorf("the agent was started")
			}
		})
	}
	sameTree(t, "HOME", before, snapshot(t, w.home))
}

// TestCaptureRefusals: a CLI that exits without a turn (as one that needs
// the network or a sign-in does offline) is exit 8, naming why, with
// nothing cached and HOME untouched; an unknown agent is 2 and one not
// installed 127.
func TestCaptureRefusals(t *testing.T) {
	w := newWorld(t)
	installStandIn(t, w, "codex", "codex-cli 0.171.0")
	before := snapshot(t, w.home)
	_, stderr, code := promptc(t, w.proj, w.env("STANDIN_OUT="+filepath.Join(w.root, "standin"), "STANDIN_EXIT=1"), "", "agents", "capture", "codex", "--timeout", "20s")
	if code != 8 || !strings.Contains(stderr, "cannot be captured offline") {
		t.Errorf("exit %d, stderr:\n%s\nwant 8 saying it cannot be captured offline", code, stderr)
	}
	if ents, _ := os.ReadDir(w.cache); len(ents) != 0 {
		t.Errorf("the cache got %d entries from a failed capture", len(ents))
	}
	sameTree(t, "HOME", before, snapshot(t, w.home))
	if _, stderr, code := promptc(t, w.proj, w.env(), "", "agents", "capture", "aider"); code != 2 {
		t.Errorf("unknown agent: exit %d: %s", code, stderr)
	}
	if _, stderr, code := promptc(t, w.proj, w.env(), "", "agents", "capture", "gemini"); code != 127 {
		t.Errorf("not installed: exit %d: %s", code, stderr)
	}
}

func TestCaptureList(t *testing.T) {
	w := newWorld(t)
	installStandIn(t, w, "codex", "codex-cli 0.171.0")
	installStandIn(t, w, "gemini", "0.61.0")
	cache := filepath.Join(w.cache, "promptc", "agents")
	for _, e := range []agentcapture.Entry{{Agent: "codex", Version: "0.171.0"}, {Agent: "gemini", Version: "0.60.0"}} {
		if err := agentcapture.Store(cache, e, "# Synthetic\n"); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, code := promptc(t, w.proj, w.env(), "", "agents", "capture", "--list", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rows []struct {
		Agent, Installed string
		Captured         []string
		Matches          bool
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(rows)
	if want := "[{claude  [] false} {codex 0.171.0 [0.171.0] true} {gemini 0.61.0 [0.60.0] false} {opencode  [] false}]"; got != want {
		t.Errorf("--list = %s\nwant %s", got, want)
	}
	text, stderr, code := promptc(t, w.proj, w.env(), "", "agents", "--versions")
	if code != 0 || !strings.Contains(text, "  Codex CLI: 0.171.0 (the installed version's is captured: promptc run codex --mode replace is ready)\n") ||
		!strings.Contains(text, "  Gemini CLI: 0.60.0 (not the installed 0.61.0: run promptc agents capture gemini)\n") {
		t.Errorf("agents --versions: exit %d\n%s%s", code, text, stderr)
	}
}

// TestRunKeepsTheTerminal runs promptc run under script(1), which gives it
// a pseudo-terminal: the stand-in must see a terminal on stdin and stdout,
// the same one, not a pipe promptc put in between.
func TestRunKeepsTheTerminal(t *testing.T) {
	if _, err := exec.LookPath("script"); err != nil {
		t.Skip("no script(1) to make a terminal: skipped")
	}
	w := newWorld(t)
	installStandIn(t, w, "claude", "2.1.332 (Claude Code)")
	w.write(t, "home/.config/promptc/config.yaml", teamLayer)
	line := promptcBin + " run claude -- -p hi"
	out, stderr, code := runProgram(t, w.proj, w.env("STANDIN_OUT="+filepath.Join(w.root, "standin"), "STANDIN_TTY=1"), "", "script", "-qec", line, "/dev/null")
	if code != 0 || !strings.Contains(out, "stdin-tty=yes stdout-tty=yes") {
		t.Errorf("exit %d, output %q %s; want the CLI to see the terminal on stdin and stdout", code, out, stderr)
	}
}

// TestRunLayerForTheAgentAppliesInBothModes: a user layer written for the
// agent's pipeline (pipeline: codex) reaches Codex in add mode and, over
// the captured base, in replace mode (codex-system extends codex).
func TestRunLayerForTheAgentAppliesInBothModes(t *testing.T) {
	w := newWorld(t)
	installStandIn(t, w, "codex", "codex-cli 0.171.0")
	w.write(t, "home/.config/promptc/config.yaml", "pipeline: codex\n"+teamLayer)
	if err := agentcapture.Store(filepath.Join(w.cache, "promptc", "agents"), agentcapture.Entry{Agent: "codex", Version: "0.171.0"}, "# Synthetic\nbase\n"); err != nil {
		t.Fatal(err)
	}
	for mode, want := range map[string]string{"add": "TEAM-RULE-7f3a: answer in one word.\n", "replace": "# Synthetic\nbase\n\nTEAM-RULE-7f3a: answer in one word.\n"} {
		out, stderr, code := promptc(t, w.proj, w.env(), "", "run", "codex", "--mode", mode, "--print")
		if _, text, _ := strings.Cut(out, "\n"); code != 0 || text != want {
			t.Errorf("%s: exit %d, handed over %q, want %q\n%s", mode, code, text, want, stderr)
		}
	}
}
