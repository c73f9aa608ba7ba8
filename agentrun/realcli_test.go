package agentrun_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/promptc/promptc/agentcapture"
	"github.com/promptc/promptc/internal/testkit/suite"
)

// The real CLIs, installed by the oracle's install.sh under $AGENTS_DIR
// (the same paths as its agent-cmd.sh), run inside the oracle's
// sandbox.sh (unshare -rn: loopback only) against its fakeserver.py, which
// records each request. These tests are the proof of promptc run and
// promptc agents capture; without $AGENTS_DIR or the oracle they skip,
// saying so.

// cliPaths are the CLIs' executables under $AGENTS_DIR.
var cliPaths = map[string]string{
	"claude":   "claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude",
	"codex":    "codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
	"gemini":   "gemini/node_modules/@google/gemini-cli/bundle/gemini.js",
	"opencode": "opencode/node_modules/opencode-linux-x64/bin/opencode",
}

// instructionFile is the project file each agent reads by default.
var instructionFile = map[string]string{"claude": "CLAUDE.md", "codex": "AGENTS.md", "gemini": "GEMINI.md", "opencode": "AGENTS.md"}

const (
	teamMark    = "TEAM-RULE-7f3a"
	projectMark = "PROJECT-RULE-91c2"
)

// oracleDir is ../shared/oracle/agents beside the repository (or
// $PROMPTC_AGENTS_ORACLE).
func oracleDir(t *testing.T) string {
	if d := os.Getenv("PROMPTC_AGENTS_ORACLE"); d != "" {
		return d
	}
	wd, _ := os.Getwd()
	for d := wd; d != "/"; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(d), "shared", "oracle", "agents")
		}
	}
	return ""
}

// realCLIs is the suite of the tests that run the real agent CLIs:
// announced when it skips, required by .ci/run only where they are
// installed ($AGENTS_DIR).
var realCLIs = &suite.Suite{Name: suite.AgentRunCLIs}

// realWorld is a world whose PATH holds the four real CLIs, or a skip.
func realWorld(t *testing.T, agent string) (*world, string) {
	t.Helper()
	dir := os.Getenv("AGENTS_DIR")
	if dir == "" {
		realCLIs.Skip(t, "AGENTS_DIR is not set: the real-CLI tests of promptc run and capture are skipped (install the CLIs with ../shared/oracle/agents/install.sh)")
	}
	oracle := oracleDir(t)
	if _, err := os.Stat(filepath.Join(oracle, "sandbox.sh")); err != nil {
		realCLIs.Skip(t, fmt.Sprintf("no agents oracle at %q: real-CLI tests skipped", oracle))
	}
	for _, tool := range []string{"unshare", "ip", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			realCLIs.Skip(t, fmt.Sprintf("no %s: real-CLI tests skipped", tool))
		}
	}
	cli := filepath.Join(dir, cliPaths[agent])
	if _, err := os.Stat(cli); err != nil {
		t.Skipf("%s is not installed under AGENTS_DIR (%s): skipped", agent, cli)
	}
	w := newWorld(t)
	if err := os.Symlink(cli, filepath.Join(w.bin, agent)); err != nil {
		t.Fatal(err)
	}
	return w, oracle
}

// record is one request the oracle's fake server logged.
type record struct {
	Method string         `json:"method"`
	Path   string         `json:"path"`
	Body   map[string]any `json:"body"`
}

func readLog(t *testing.T, path string) []agentcapture.Request {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the oracle recorded nothing: %v", err)
	}
	defer f.Close()
	var out []agentcapture.Request
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var r record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, agentcapture.Request{Method: r.Method, Path: r.Path, Body: r.Body})
	}
	return out
}

// mainBody is the turn request's body in a log.
func mainBody(t *testing.T, agent, log string) map[string]any {
	t.Helper()
	r, ok := agentcapture.MainRequest(agent, readLog(t, log))
	if !ok {
		t.Fatalf("no turn request in %s", log)
	}
	return r.Body
}

// count counts s in every string of a JSON value.
func count(v any, s string) int {
	switch x := v.(type) {
	case string:
		return strings.Count(x, s)
	case []any:
		n := 0
		for _, e := range x {
			n += count(e, s)
		}
		return n
	case map[string]any:
		n := 0
		for _, e := range x {
			n += count(e, s)
		}
		return n
	}
	return 0
}

// drive runs promptc run AGENT RUNARGS -- <one turn> in the oracle's
// sandbox from w.proj with configHome as XDG_CONFIG_HOME; it returns the
// turn request's body.
func drive(t *testing.T, w *world, oracle, agent, configHome, runArgs string) map[string]any {
	t.Helper()
	log := filepath.Join(w.root, "requests-"+strings.ReplaceAll(runArgs, " ", "")+".jsonl")
	wd, _ := os.Getwd()
	cmd := exec.Command(filepath.Join(oracle, "sandbox.sh"), log, "180", "--", "bash", filepath.Join(wd, "testdata", "drive.sh"))
	cmd.Dir = w.proj
	cmd.Env = append(w.env("AGENT="+agent, "PROMPTC="+promptcBin, "RUN_ARGS="+runArgs), "XDG_CONFIG_HOME="+configHome)
	before := snapshot(t, w.proj)
	out, err := cmd.CombinedOutput()
	sameTree(t, "the project (the CLI's cwd)", before, snapshot(t, w.proj))
	if err != nil {
		t.Fatalf("promptc run %s %s in the sandbox: %v\n%s", agent, runArgs, err, tailLines(string(out), 15))
	}
	if l := leftovers(t, w.tmp); len(l) > 0 {
		t.Errorf("hand-over files left behind: %v", l)
	}
	return mainBody(t, agent, log)
}

func tailLines(s string, n int) string {
	l := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}

// systemOf is the text the agent's base prompt lives in: Claude Code's
// last system block, Codex's input[0], Gemini's systemInstruction,
// opencode's system message.
func systemOf(agent string, body map[string]any) string {
	switch agent {
	case "claude":
		sys := body["system"].([]any)
		return sys[len(sys)-1].(map[string]any)["text"].(string)
	case "codex":
		return devItems(body)[0]
	case "gemini":
		return body["systemInstruction"].(map[string]any)["parts"].([]any)[0].(map[string]any)["text"].(string)
	case "opencode":
		return body["messages"].([]any)[0].(map[string]any)["content"].(string)
	}
	return ""
}

// devItems are the texts of Codex's developer items' first parts.
func devItems(body map[string]any) []string {
	var out []string
	for _, it := range body["input"].([]any) {
		m := it.(map[string]any)
		if m["role"] == "developer" {
			out = append(out, m["content"].([]any)[0].(map[string]any)["text"].(string))
		}
	}
	return out
}

var threeNewlines = regexp.MustCompile(`\n{3,}`)

// geminiShell is what Gemini CLI makes of a GEMINI_SYSTEM_MD text with no
// memory to append: trimmed, runs of 3+ newlines as 2.
func geminiShell(s string) string {
	return threeNewlines.ReplaceAllString(strings.TrimSpace(s), "\n\n")
}

// capture runs promptc agents capture in w and returns the stored base.
func capture(t *testing.T, w *world, agent string) (agentcapture.Entry, string) {
	t.Helper()
	beforeHome, beforeProj := snapshot(t, w.home), snapshot(t, w.proj)
	out, stderr, code := promptc(t, w.proj, w.env(), "", "agents", "capture", agent)
	if code != 0 {
		t.Fatalf("capture %s: exit %d\n%s%s", agent, code, out, stderr)
	}
	if strings.Contains(stderr, "no network namespace") {
		t.Errorf("capture ran without a network namespace: %s", stderr)
	}
	sameTree(t, "HOME after capture", beforeHome, snapshot(t, w.home))
	sameTree(t, "the project after capture", beforeProj, snapshot(t, w.proj))
	dirs, _ := os.ReadDir(filepath.Join(w.cache, "promptc", "agents", agent))
	if len(dirs) != 1 {
		t.Fatalf("capture stored %d versions, want 1", len(dirs))
	}
	e, base, err := agentcapture.Load(filepath.Join(w.cache, "promptc", "agents"), agent, dirs[0].Name())
	if err != nil {
		t.Fatal(err)
	}
	return e, base
}
