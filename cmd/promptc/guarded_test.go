package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/explain"
)

// TestGuardedCases runs the guarded pipeline's acceptance cases
// (testdata/guarded, promptc test cases): stable-first order, the tool
// list following the tools, framed untrusted files, user above project,
// imports, --system-prompt keeping the safety rules.
func TestGuardedCases(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "guarded")
	code, stdout, stderr := runWith(osEnv{}, "test", dir)
	if code != exitOK {
		t.Fatalf("promptc test %s: exit %d\n%s%s", dir, code, stdout, stderr)
	}
	m := regexp.MustCompile(`(?m)^(\d+) passed, 0 failed$`).FindStringSubmatch(stdout)
	if n, _ := strconv.Atoi(m[1]); m == nil || n < 8 {
		t.Errorf("want the 8 guarded cases to pass:\n%s", stdout)
	}
}

// guardedTree writes a home with a user AGENTS.md and a git project with
// the given AGENTS.md, and returns the env and the project dir.
func guardedTree(t *testing.T, user, project string) (fakeEnv, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(root, "proj")
	agent := filepath.Join(root, "home", ".config", "promptc", "agent")
	for _, d := range []string{filepath.Join(proj, ".git"), agent} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if s == "" {
			return
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(agent, "AGENTS.md"), user)
	write(filepath.Join(proj, "AGENTS.md"), project)
	return fakeEnv{vars: map[string]string{"HOME": root + "/home", "PROMPTC_SYSTEM_CONFIG": root + "/none.yaml"}, wd: proj}, proj
}

// TestGuardedBigAgentsMD: a 200 KB AGENTS.md is cut to the per-file cap
// (head and tail) with the note naming its path where the cut is, the
// prompt stays well below 150 KB, and explain accounts for the cut in its
// why-not list with the sizes before and after.
func TestGuardedBigAgentsMD(t *testing.T) {
	var big strings.Builder
	for i := 1; big.Len() < 200*1024; i++ {
		fmt.Fprintf(&big, "Rule %d: keep functions short, name them for what they do, and test them.\n", i)
	}
	e, proj := guardedTree(t, "", big.String())
	code, prompt, stderr := runWith(e, "build", "--no-config", "--pipeline", "guarded", "--cwd", proj)
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	if len(prompt) >= 150*1024 {
		t.Errorf("prompt is %d bytes, want well below 150 KB", len(prompt))
	}
	note := regexp.MustCompile(`\n\[\.\.\. ([0-9,]+) tokens of ` + regexp.QuoteMeta(proj+"/AGENTS.md") + ` omitted: read the file for the rest \.\.\.\]\n`)
	if !note.MatchString(prompt) {
		t.Fatalf("no omission note in the prompt:\n%s", prompt[:2000])
	}
	if !strings.Contains(prompt, "Rule 1: ") || strings.Contains(prompt, "Rule 1500: ") {
		t.Errorf("want the head kept and the middle cut")
	}
	code, out, stderr := runWith(e, "explain", "--json", "--no-config", "--pipeline", "guarded", "--cwd", proj)
	if code != 0 {
		t.Fatalf("explain: exit %d: %s", code, stderr)
	}
	var rep explain.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var cut *explain.WhyNot
	for i, w := range rep.WhyNot {
		if w.Kind == explain.KindCut {
			cut = &rep.WhyNot[i]
		}
	}
	if cut == nil || cut.Path != proj+"/AGENTS.md" || cut.Cut.Source != "project" || cut.Cut.Before < 40000 || cut.Cut.After > 6100 {
		t.Fatalf("why-not cut = %+v", cut)
	}
	if rep.Budget == nil || rep.Budget.After > rep.Budget.Limit {
		t.Errorf("budget = %+v", rep.Budget)
	}
	code, text, _ := runWith(e, "explain", "--no-config", "--pipeline", "guarded", "--cwd", proj)
	if code != 0 || !strings.Contains(text, "cut by the source cap (head_tail): "+strconv.Itoa(cut.Cut.Before)[:2]) {
		t.Errorf("explain text lacks the cut:\n%s", text)
	}
}

// TestGuardedRanks: a user rule and a contradicting project rule are both
// in the prompt, and explain lists the pair under "instructions of
// different rank", user first, with their sizes.
func TestGuardedRanks(t *testing.T) {
	e, proj := guardedTree(t, "Indent with four spaces.\n", "Indent with tabs.\n")
	code, out, stderr := runWith(e, "explain", "--json", "--no-config", "--pipeline", "guarded", "--cwd", proj)
	if code != 0 {
		t.Fatalf("explain: exit %d: %s", code, stderr)
	}
	var rep explain.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Ranks == nil || len(rep.Ranks.Pairs) != 1 {
		t.Fatalf("ranks = %+v", rep.Ranks)
	}
	p := rep.Ranks.Pairs[0]
	home := e.vars["HOME"]
	if p.Higher.Rank != "user" || p.Higher.Label != home+"/.config/promptc/agent/AGENTS.md" || p.Higher.Bytes != 25 ||
		p.Lower.Rank != "project" || p.Lower.Label != proj+"/AGENTS.md" || p.Lower.Bytes != 18 || p.Lower.Tokens == 0 {
		t.Errorf("pair = %+v", p)
	}
	if rep.Ranks.Precedence != "system > user > project" {
		t.Errorf("precedence = %q", rep.Ranks.Precedence)
	}
	_, text, _ := runWith(e, "explain", "--no-config", "--pipeline", "guarded", "--cwd", proj)
	want := "Instructions of different rank (1 pairs; system > user > project; possible conflicts are listed, not resolved)\n" +
		"  user " + home + "/.config/promptc/agent/AGENTS.md (25 bytes, 5 tokens)\n" +
		"    outranks project " + proj + "/AGENTS.md (18 bytes, 4 tokens)\n"
	if !strings.Contains(text, want) {
		t.Errorf("explain text lacks\n%s\nin\n%s", want, text)
	}
	_, prompt, _ := runWith(e, "build", "--no-config", "--pipeline", "guarded", "--cwd", proj)
	u, pr := strings.Index(prompt, "Indent with four spaces."), strings.Index(prompt, "Indent with tabs.")
	if u < 0 || pr < u || !strings.Contains(prompt, "They outrank the project instructions below") {
		t.Errorf("both rules, user first, with the precedence stated, want in:\n%s", prompt)
	}
}

// TestGuardedManySkillsDropped: with more skills than the budget holds, the
// index keeps the first ones and says how many it left out; the prompt
// fits the 24,000-token budget and the environment stays last.
func TestGuardedManySkillsDropped(t *testing.T) {
	e, proj := guardedTree(t, "", "Project rules.\n")
	skills := filepath.Join(e.vars["HOME"], ".config", "promptc", "agent", "skills")
	for i := 0; i < 3000; i++ {
		dir := filepath.Join(skills, fmt.Sprintf("skill-%04d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		body := fmt.Sprintf("---\nname: skill-%04d\ndescription: Does task %d, with care and a test for every change.\n---\nBody.\n", i, i)
		if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, stderr := runWith(e, "build", "--json", "--no-config", "--pipeline", "guarded", "--cwd", proj)
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	var res struct {
		Prompt string `json:"prompt"`
		Budget struct{ Limit, After int }
		Cuts   []struct {
			Section, Strategy string
			Dropped           []string
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Budget.After > res.Budget.Limit || len(res.Cuts) != 1 || res.Cuts[0].Strategy != "drop_items" || len(res.Cuts[0].Dropped) == 0 {
		t.Fatalf("budget %+v, cuts %+v", res.Budget, res.Cuts)
	}
	n := len(res.Cuts[0].Dropped)
	if !strings.Contains(res.Prompt, fmt.Sprintf("[... %d of 3000 skills omitted to fit the prompt budget", n)) ||
		!strings.Contains(res.Prompt, "skill-0000") || strings.Contains(res.Prompt, "skill-2999") ||
		!strings.Contains(res.Prompt, "Project rules.") {
		t.Errorf("prompt:\n%s", res.Prompt[len(res.Prompt)-600:])
	}
	if !strings.HasSuffix(res.Prompt, "- Operating system: "+runtime.GOOS) {
		t.Errorf("environment not last")
	}
}
