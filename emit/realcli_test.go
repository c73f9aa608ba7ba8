package emit

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/promptc/promptc/internal/testkit/suite"
	"github.com/promptc/promptc/sources/osfs"
)

// The real CLIs the oracle runs (../shared/oracle/agents), by the name
// emit gives the agent.
var oracleAgents = map[string]string{"codex": "codex", "claude-code": "claude", "gemini-cli": "gemini", "opencode": "opencode", "copilot": "copilot"}

// oracleDir is the agents oracle, or "" when it is not there.
func oracleDir() string {
	d := os.Getenv("PROMPTC_AGENTS_ORACLE")
	if d == "" {
		d = filepath.Join("..", "..", "shared", "oracle", "agents")
	}
	if _, err := os.Stat(filepath.Join(d, "oracle.sh")); err != nil {
		return ""
	}
	abs, _ := filepath.Abs(d)
	return abs
}

// sampleMonorepo writes the case of TestEmitCheckMatchesRealCLIs under
// dir: tree/ (a git repository with hand-written AGENTS.md and CLAUDE.md
// sections, emitted root rules and a rule scoped to src/api) and home/ (a
// user-level rule emitted at user scope). It returns the project and
// user sources.
func sampleMonorepo(t *testing.T, dir string) (project, user Source) {
	t.Helper()
	tree, home := filepath.Join(dir, "tree"), filepath.Join(dir, "home")
	for _, d := range []string{filepath.Join(tree, ".git"), filepath.Join(tree, "src", "api"), filepath.Join(tree, "src", "web"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{"AGENTS.md": "HANDWRITTEN-AGENTS: keep the changelog.\n", "CLAUDE.md": "HANDWRITTEN-CLAUDE: keep the changelog.\n"} {
		if err := os.WriteFile(filepath.Join(tree, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	targets := []string{"agents-md", "claude", "gemini", "copilot"}
	project = Source{Targets: targets, Rules: []Rule{
		{ID: "style", Text: "RULE-STYLE: indent with tabs.\n"},
		{ID: "security", Text: "RULE-SECURITY: never commit secrets.\n"},
		{ID: "api", Text: "RULE-API: handlers return JSON errors.\n", AppliesTo: []string{"src/api/**"}},
	}}
	user = Source{Targets: targets, Rules: []Rule{{ID: "brief", Text: "RULE-USER: answer briefly.\n"}}}
	for _, e := range []struct {
		src   Source
		root  string
		scope Scope
	}{{project, tree, ScopeProject}, {user, home, ScopeUser}} {
		opts := Options{Root: e.root, Scope: e.scope}
		res, err := Plan(context.Background(), e.src, opts)
		if err != nil {
			t.Fatal(err)
		}
		if errs := Apply(context.Background(), res, opts); len(errs) > 0 {
			t.Fatal(errs)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "git"), []byte(".\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return project, user
}

// expectations are, per agent and directory, the rule texts emit --check
// says the agent sends (true) or does not (false).
func expectations(t *testing.T, dir string, project, user Source, wantFail bool) map[string]map[string]map[string]bool {
	t.Helper()
	tree, home := filepath.Join(dir, "tree"), filepath.Join(dir, "home")
	h := homeHost(home, osfs.Root())
	texts := map[string]string{}
	for _, r := range append(append([]Rule(nil), project.Rules...), user.Rules...) {
		texts[r.ID] = strings.TrimSpace(r.Text)
	}
	out := map[string]map[string]map[string]bool{}
	note := func(agent, d string, states []RuleState, elsewhere []string) {
		if out[agent] == nil {
			out[agent] = map[string]map[string]bool{}
		}
		if out[agent][d] == nil {
			out[agent][d] = map[string]bool{}
		}
		for _, s := range states {
			out[agent][d][texts[s.Rule]] = s.Status == StLoads
		}
		for _, id := range elsewhere { // not sent from d, by the check's word
			out[agent][d][texts[id]] = false
		}
	}
	rep, err := Check(context.Background(), project, Options{Root: tree, Scope: ScopeProject}, h, tree)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed != wantFail {
		t.Fatalf("emit --check failed = %v on the sample, want %v: %+v", rep.Failed, wantFail, rep)
	}
	for _, a := range rep.Agents {
		for _, d := range a.Dirs {
			note(a.Agent, d.Dir, d.Rules, d.Elsewhere)
		}
	}
	for _, d := range []string{".", "src/api"} {
		urep, err := Check(context.Background(), user, Options{Root: home, Scope: ScopeUser}, h, filepath.Join(tree, d))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range urep.Agents {
			for _, ud := range a.Dirs {
				note(a.Agent, d, ud.Rules, ud.Elsewhere)
			}
		}
	}
	return out
}

// emitCLIs is the suite of emit --check against the real agent CLIs:
// announced when it skips, required by .ci/run only where they are
// installed ($AGENTS_DIR).
var emitCLIs = &suite.Suite{Name: suite.EmitCLIs}

// TestEmitCheckMatchesRealCLIs emits a sample monorepo (root rules, a
// rule scoped to src/api, a user-level file, hand-written sections kept),
// then runs Codex CLI, Claude Code, Gemini CLI, opencode and Copilot CLI on it from the
// root and from src/api with the agents oracle, and checks that each
// sends every rule emit --check says it loads and none it says it does
// not. It needs the CLIs (AGENTS_DIR, see the oracle's install.sh).
func TestEmitCheckMatchesRealCLIs(t *testing.T) {
	agentsDir := os.Getenv("AGENTS_DIR")
	oracle := oracleDir()
	switch {
	case testing.Short():
		t.Skip("-short")
	case agentsDir == "":
		emitCLIs.Skip(t, "AGENTS_DIR is not set: the real agent CLIs are not installed (../shared/oracle/agents/install.sh)")
	case oracle == "":
		emitCLIs.Skip(t, "the agents oracle (../shared/oracle/agents) is not there; PROMPTC_AGENTS_ORACLE names it")
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		emitCLIs.Skip(t, "unshare is not installed: the oracle cannot sandbox the CLIs")
	}
	// Two cases: as emitted, and with a hand-written
	// src/api/AGENTS.override.md that shadows the emitted src/api/AGENTS.md
	// for Codex (emit --check then fails and says Codex skips the rule).
	for _, variant := range []struct {
		name     string
		override bool
	}{{"emitted", false}, {"override", true}} {
		t.Run(variant.name, func(t *testing.T) {
			dir := t.TempDir()
			project, user := sampleMonorepo(t, dir)
			if variant.override {
				if err := os.WriteFile(filepath.Join(dir, "tree", "src", "api", "AGENTS.override.md"), []byte("OVERRIDE-API: local notes.\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			compareWithCLIs(t, oracle, agentsDir, dir, expectations(t, dir, project, user, variant.override))
		})
	}
}

// compareWithCLIs runs every CLI from the root and src/api of the case in
// dir and compares what each sent with want.
func compareWithCLIs(t *testing.T, oracle, agentsDir, dir string, want map[string]map[string]map[string]bool) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	sent := map[string]map[string]string{}
	errs := map[string]error{}
	for agent, cli := range oracleAgents {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, d := range []string{".", "src/api"} {
				text, err := runOracle(oracle, agentsDir, cli, dir, d)
				mu.Lock()
				if sent[agent] == nil {
					sent[agent] = map[string]string{}
				}
				sent[agent][d], errs[agent+" "+d] = text, err
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	checked, loads := 0, 0
	keeps := map[string]string{"codex": "HANDWRITTEN-AGENTS", "opencode": "HANDWRITTEN-AGENTS", "claude-code": "HANDWRITTEN-CLAUDE", "copilot": "HANDWRITTEN-AGENTS"}
	for agent := range oracleAgents {
		for _, d := range []string{".", "src/api"} {
			if err := errs[agent+" "+d]; err != nil {
				t.Errorf("%s from %s: %v", agent, d, err)
				continue
			}
			if len(want[agent][d]) == 0 {
				t.Errorf("%s from %s: emit --check reported no rule", agent, d)
			}
			for text, load := range want[agent][d] {
				checked++
				if load {
					loads++
				}
				if got := strings.Contains(sent[agent][d], text); got != load {
					t.Errorf("%s from %s: emit --check says loads=%v for %q, the real CLI sent it: %v", agent, d, load, text, got)
				}
			}
			if hw := keeps[agent]; hw != "" && !strings.Contains(sent[agent][d], hw) {
				t.Errorf("%s from %s: the hand-written section %s beside the managed block was not sent", agent, d, hw)
			}
		}
	}
	t.Logf("%d (agent, directory, rule) verdicts of emit --check matched what the real CLIs sent: %d loads, %d not sent", checked, loads, checked-loads)
}

// runOracle runs one CLI on the case in dir with the cwd sub and returns
// every text of the request the oracle extracted.
func runOracle(oracle, agentsDir, cli, dir, sub string) (string, error) {
	caseDir := filepath.Join(dir, "case-"+cli+"-"+strings.ReplaceAll(sub, "/", "_"))
	if err := os.MkdirAll(caseDir, 0o755); err != nil {
		return "", err
	}
	for _, part := range []string{"tree", "home", "git"} {
		if out, err := exec.Command("cp", "-a", filepath.Join(dir, part), caseDir).CombinedOutput(); err != nil {
			return "", fmt.Errorf("cp %s: %v: %s", part, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(caseDir, "cwd"), []byte(sub+"\n"), 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command(filepath.Join(oracle, "oracle.sh"), cli, caseDir)
	cmd.Env = append(os.Environ(), "AGENTS_DIR="+agentsDir, "AGENTS_WORK="+filepath.Join(os.TempDir(), "promptc-emit-oracle-"+cli))
	out, err := cmd.Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		return "", fmt.Errorf("oracle: %v: %s", err, stderr)
	}
	var got struct {
		System       []string `json:"system"`
		Context      []string `json:"context"`
		Instructions []string `json:"instructions"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		return "", fmt.Errorf("oracle output: %v: %.200s", err, out)
	}
	return strings.Join(append(append(got.Instructions, got.System...), got.Context...), "\n"), nil
}
