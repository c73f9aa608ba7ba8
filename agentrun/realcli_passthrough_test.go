package agentrun_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRealCLIPassThrough pipes a prompt through promptc run into the real
// Claude Code (claude -p reads its prompt from stdin), which answers the
// fake server's "ok" on stdout and exits 0; then a bad flag makes it exit
// with its own non-zero status, which promptc passes on.
func TestRealCLIPassThrough(t *testing.T) {
	w, oracle := realWorld(t, "claude")
	w.write(t, "home/.config/promptc/config.yaml", teamLayer)
	script, err := filepath.Abs(filepath.Join("testdata", "passthrough.sh"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(stdin string, args ...string) (string, int) {
		log := filepath.Join(w.root, "pass.jsonl")
		out, errb, code := runProgram(t, w.proj, w.env("ORACLE="+oracle), stdin, script, append([]string{log, "--", "bash", "-c", `export ANTHROPIC_BASE_URL=http://127.0.0.1:$FAKE_PORT ANTHROPIC_API_KEY=sk-ant-fake CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1; exec "$0" "$@"`, promptcBin, "run", "claude", "--"}, args...)...)
		if code == 0 {
			body := mainBody(t, "claude", log)
			if n := count(body, "PIPED-PROMPT-5e1d"); stdin != "" && n != 1 {
				t.Errorf("the piped prompt is in the request %d times, want once", n)
			}
		}
		return out + "\nstderr: " + errb, code
	}
	if out, code := run("PIPED-PROMPT-5e1d: say ok\n", "-p"); code != 0 || !strings.HasPrefix(out, "ok\n") {
		t.Errorf("exit %d, output %q; want 0 and the model's ok", code, out)
	}
	out, code := run("", "-p", "hi", "--no-such-flag-xyz")
	if code == 0 || code == 127 || code >= 126 {
		t.Errorf("exit %d with a flag Claude Code does not know; want its own error status: %s", code, out)
	}
	t.Logf("Claude Code's status for an unknown flag, passed through: %d", code)
	if l := leftovers(t, w.tmp); len(l) > 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestSystemPipelineCases runs promptc test on the -system pipelines'
// cases: synthetic captures, so they need no CLI.
func TestSystemPipelineCases(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := promptc(t, dir, os.Environ(), "", "test", dir)
	if code != 0 || !strings.Contains(out, "4 passed, 0 failed") {
		t.Errorf("promptc test: exit %d\n%s%s", code, out, stderr)
	}
}
