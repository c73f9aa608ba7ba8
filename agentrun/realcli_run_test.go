package agentrun_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/promptc/promptc/agentcapture"
)

// TestRealCLIs proves, per agent: capture reproduces the base prompt the
// oracle records for the same version and case (an empty directory, a
// fresh HOME, no git); add mode sends the agent's base prompt plus
// promptc's section, each once; replace mode sends promptc's prompt where
// the base prompt was. `go test -run 'TestRealCLIs/codex'` runs one.
func TestRealCLIs(t *testing.T) {
	for _, agent := range []string{"claude", "codex", "gemini", "opencode"} {
		t.Run(agent, func(t *testing.T) {
			w, oracle := realWorld(t, agent)
			_, captured := capture(t, w, agent)
			t.Run("capture matches the oracle", func(t *testing.T) { checkCaptureAgainstOracle(t, w, oracle, agent, captured) })
			w.write(t, "proj/"+instructionFile[agent], projectMark+": use tabs.\n")
			base := agentcapture.Expand(captured, w.home, w.proj)
			t.Run("add", func(t *testing.T) { checkAdd(t, w, oracle, agent, base) })
			t.Run("replace", func(t *testing.T) { checkReplace(t, w, oracle, agent, captured) })
		})
	}
}

// checkCaptureAgainstOracle runs the oracle's own runner (run-agent.sh:
// its agent-cmd.sh, its fakeserver.py) on an empty case and compares the
// base prompt of the request it recorded with the capture, placeholders
// expanded with the oracle's HOME and cwd.
func checkCaptureAgainstOracle(t *testing.T, w *world, oracle, agent, captured string) {
	caseDir := filepath.Join(w.root, "oracle-case")
	if err := os.MkdirAll(filepath.Join(caseDir, "tree"), 0o755); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(w.root, "oracle-work")
	log := filepath.Join(w.root, "oracle.jsonl")
	cmd := exec.Command(filepath.Join(oracle, "run-agent.sh"), agent, caseDir, log)
	cmd.Env = append(os.Environ(), "AGENTS_WORK="+work, "AGENTS_DIR="+os.Getenv("AGENTS_DIR"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("oracle: %v\n%s", err, out)
	}
	want, err := agentcapture.Base(agent, mainBody(t, agent, log))
	if err != nil {
		t.Fatal(err)
	}
	got := agentcapture.Expand(captured, filepath.Join(work, agent, "home"), filepath.Join(work, agent, "fs"))
	if got != want {
		t.Errorf("the capture (%d bytes) differs from the base the oracle recorded (%d bytes) at byte %d:\ncapture: %q\noracle:  %q", len(got), len(want), firstDiff(got, want), around(got, firstDiff(got, want)), around(want, firstDiff(got, want)))
	}
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func around(s string, i int) string {
	return s[max(0, i-60):min(len(s), i+60)]
}

// team is the section the user layer adds, as handed over.
const team = teamMark + ": answer in one word."

func checkAdd(t *testing.T, w *world, oracle, agent, base string) {
	cfg := filepath.Join(w.root, "config-add")
	w.write(t, "config-add/promptc/config.yaml", teamLayer)
	body := drive(t, w, oracle, agent, cfg, "")
	if n := count(body, teamMark); n != 1 {
		t.Errorf("promptc's section is in the request %d times, want once", n)
	}
	if n := count(body, projectMark); n != 1 {
		t.Errorf("the project's %s is in the request %d times, want once (the agent's own)", instructionFile[agent], n)
	}
	sys := systemOf(agent, body)
	switch agent {
	case "claude":
		if want := base + "\n\n" + team + "\n"; sys != want {
			t.Errorf("the last system block is not the base, a blank line and the section:\n got tail %q\nwant tail %q", tail(sys), tail(want))
		}
	case "codex":
		dev := devItems(body)
		if dev[0] != base || dev[1] != team+"\n" {
			t.Errorf("developer items: base equal %v, then %q; want the base, then the section", dev[0] == base, dev[1])
		}
	case "gemini":
		if want := geminiShell(base + "\n\n" + team + "\n"); sys != want {
			t.Errorf("systemInstruction is not the captured base then the section (%d vs %d bytes), first difference at %d: %q", len(sys), len(want), firstDiff(sys, want), around(sys, firstDiff(sys, want)))
		}
	case "opencode":
		item := regexp.MustCompile(`\nInstructions from: ` + regexp.QuoteMeta(w.tmp) + `/promptc-run-[^/\n]+/prompt\.md\n` + regexp.QuoteMeta(team) + "\n")
		if !strings.HasPrefix(sys, base+"\nYou are powered by the model named") || !item.MatchString(sys) {
			t.Errorf("the system message does not start with the base and hold the section as an instructions item:\n%s", tail(sys))
		}
	}
}

// checkReplace drops the captured base's second part through a layer and
// adds the team section; the request must carry what promptc run --print
// says it hands over, where the base prompt was.
func checkReplace(t *testing.T, w *world, oracle, agent, captured string) {
	parts := agentcapture.Split(captured)
	if len(parts) < 2 {
		t.Fatalf("the captured base has %d parts", len(parts))
	}
	drop := parts[1]
	cfg := filepath.Join(w.root, "config-replace")
	w.write(t, "config-replace/promptc/config.yaml", teamLayer+"sources:\n  base:\n    with:\n      drop: ["+drop.ID+"]\n")
	printed, stderr, code := promptc(t, w.proj, append(w.env(), "XDG_CONFIG_HOME="+cfg), "", "run", agent, "--mode", "replace", "--print")
	if code != 0 {
		t.Fatalf("--print: exit %d: %s", code, stderr)
	}
	_, handed, _ := strings.Cut(printed, "\n")
	if strings.Contains(handed, drop.Heading) || !strings.Contains(handed, team) {
		t.Fatalf("--print does not show part %s dropped and the section added", drop.ID)
	}
	body := drive(t, w, oracle, agent, cfg, "--mode replace")
	if n := count(body, teamMark); n != 1 {
		t.Errorf("promptc's section is in the request %d times, want once", n)
	}
	if n := count(body, projectMark); n != 1 {
		t.Errorf("the project's %s is in the request %d times, want once", instructionFile[agent], n)
	}
	if n := count(body, "# "+drop.Heading+"\n"); n != 0 {
		t.Errorf("the dropped part %q is still in the request", drop.Heading)
	}
	checkWholePipeline(t, w, agent, cfg, body)
	sys := systemOf(agent, body)
	var want string
	switch agent {
	case "claude": // byte for byte
		want = handed
	case "codex": // Codex trims the file
		want = strings.TrimSpace(handed)
	case "gemini": // Gemini trims it and collapses 3+ newlines
		want = geminiShell(handed)
	case "opencode": // opencode trims it, then adds its model line and <env>
		want = strings.TrimSpace(handed)
		if i := strings.Index(sys, "\nYou are powered by the model named"); i >= 0 {
			sys = sys[:i]
		}
	}
	if sys != want {
		t.Errorf("the base prompt's place holds %d bytes, promptc handed over %d (as the agent keeps it); first difference at %d: %q vs %q", len(sys), len(want), firstDiff(sys, want), around(sys, firstDiff(sys, want)), around(want, firstDiff(sys, want)))
	}
}

func tail(s string) string { return s[max(0, len(s)-200):] }

// pipelineOf is the agent's instruction pipeline.
var pipelineOf = map[string]string{"claude": "claude-code", "codex": "codex", "gemini": "gemini-cli", "opencode": "opencode"}

// checkWholePipeline builds the agent's -system pipeline as promptc build
// would (same layers, same capture) and checks that the instruction part
// it renders after the base is in the request the real CLI sent, whole
// and once: the whole-request pipeline shows what the agent adds itself.
func checkWholePipeline(t *testing.T, w *world, agent, cfg string, body map[string]any) {
	t.Helper()
	args := []string{"build", "--pipeline", pipelineOf[agent] + "-system", "--json"}
	if agent == "gemini" { // its project files are in contents[0]: the session part
		args = append(args, "--param", "part=session")
	}
	out, stderr, code := promptc(t, w.proj, append(w.env(), "XDG_CONFIG_HOME="+cfg), "", args...)
	if code != 0 {
		t.Fatalf("build %s-system: exit %d: %s", pipelineOf[agent], code, stderr)
	}
	var res struct {
		Sections []struct {
			ID, Text, Layer string
			Active          bool
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	var instr strings.Builder
	for _, s := range res.Sections {
		if s.Active && s.Layer == "" {
			instr.WriteString(s.Text)
		}
	}
	part := strings.TrimLeft(instr.String(), "\n")
	if !strings.Contains(part, projectMark) {
		t.Fatalf("the %s-system pipeline renders no instruction part:\n%s", pipelineOf[agent], out)
	}
	if n := count(body, part); n != 1 {
		t.Errorf("the instruction part the %s-system pipeline renders is in the request %d times, want once:\n%s", pipelineOf[agent], n, part)
	}
}
