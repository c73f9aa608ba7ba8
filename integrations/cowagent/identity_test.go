package cowagent

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
)

// caseInfo is what a case.json says about how CowAgent reaches its prompt.
type caseInfo struct {
	Entry       string `json:"entry"`
	InjectError string `json:"inject_error"`
}

func readCase(t *testing.T, dir string) caseInfo {
	t.Helper()
	var c caseInfo
	if !oracletest.ReadJSON(t, filepath.Join(dir, "case.json"), &c) {
		t.Fatalf("%s: no case.json", dir)
	}
	if c.Entry == "" {
		c.Entry = "agent"
	}
	return c
}

// firstDiff describes where got and want part, for a failure message.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	snip := func(s string) string {
		end := min(i+60, len(s))
		return fmt.Sprintf("%q", s[max(i-20, 0):end])
	}
	return fmt.Sprintf("first difference at byte %d (lengths %d, %d): got %s, want %s", i, len(got), len(want), snip(got), snip(want))
}

// TestIdentity runs every curated case through CowAgent's real code,
// as is and with the adapter installed over each transport (promptc on
// PATH, no layer), and requires the same prompt, equal to the case's i18n
// golden, and the same files created or removed in the workspace. An
// Agent case must have been answered by promptc (the adapter's counter),
// except where CowAgent's own skill refresh fails (CowAgent's fallback
// decides, with or without the adapter); builder cases never call the
// patched method.
func TestIdentity(t *testing.T) {
	h := setup(t)
	h.identity(t, h.cases, "i18n", transports)
}

// TestIdentityHead does the same at CowAgent head (f0783b11), where the
// adapter must recognise head's prompt code and answer with cowagent@head:
// the curated cases and the head-only ones (testdata/cowagent-head-cases:
// project dirs, permission modes, sub agents), each against its head
// golden, over the default transport (the transports are proven at i18n).
func TestIdentityHead(t *testing.T) {
	h := setup(t)
	head, err := filepath.Glob(filepath.Join("..", "..", "testdata", "cowagent-head-cases", "*", "case.json"))
	if err != nil || len(head) == 0 {
		t.Fatalf("no testdata/cowagent-head-cases: %v", err)
	}
	dirs := append([]string(nil), h.cases...)
	for _, c := range head {
		d, err := filepath.Abs(filepath.Dir(c))
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, d)
	}
	h.identity(t, dirs, "head", []string{"serve"})
}

// TestIdentityInputs does the same for this directory's own cases
// (testdata/cases): inputs the curated set does not try, such as
// runtime_info values that are not strings, tool names that differ in
// case, or every input at once in a fresh English workspace. They have no
// golden; CowAgent as is is the reference.
func TestIdentityInputs(t *testing.T) {
	h := setup(t)
	dirs, err := filepath.Glob(filepath.Join("testdata", "cases", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no testdata/cases: %v", err)
	}
	for i, d := range dirs {
		if dirs[i], err = filepath.Abs(d); err != nil {
			t.Fatal(err)
		}
	}
	h.identity(t, dirs, "", transports)
}

// identity runs dirs as is and with the adapter over trs; target is the
// revision whose golden each case must give ("" = no golden: CowAgent as
// is at i18n is the reference).
func (h *harness) identity(t *testing.T, dirs []string, target string, trs []string) {
	golden := target != ""
	rev := target
	if rev == "" {
		rev = "i18n"
	}
	pipeline := "cowagent@" + rev
	identical, viaPromptc := map[string]int{}, map[string]int{}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			c := readCase(t, dir)
			plain := h.run(t, dir, run{python: h.python, target: rev})
			if golden {
				if want := expected(t, dir, target); plain.Oracle.Prompt != want {
					t.Fatalf("CowAgent as is does not give the golden prompt: %s", firstDiff(plain.Oracle.Prompt, want))
				}
			}
			for _, tr := range trs {
				adapted := h.run(t, dir, run{python: h.adapted, target: rev, env: []string{"PROMPTC_TRANSPORT=" + tr}})
				if adapted.Oracle.Prompt != plain.Oracle.Prompt {
					t.Errorf("%s: with the adapter: %s", tr, firstDiff(adapted.Oracle.Prompt, plain.Oracle.Prompt))
					continue
				}
				if !bytes.Equal(adapted.Oracle.SideEffects, plain.Oracle.SideEffects) {
					t.Errorf("%s: workspace side effects differ: with the adapter %s, as is %s", tr, adapted.Oracle.SideEffects, plain.Oracle.SideEffects)
				}
				if own, _ := promptcWarnings(adapted); len(own) > 0 {
					t.Errorf("%s: the adapter warned: %q", tr, own)
				}
				s := adapted.Adapter
				switch {
				case s.Transport != tr:
					t.Errorf("transport %q, want %q", s.Transport, tr)
				case c.Entry == "builder":
					if s.Promptc+s.Fallback+s.CowagentFailed+s.NotExpressible+s.OtherRevision != 0 {
						t.Errorf("builder entry reached the adapter: %+v", *s)
					}
				case c.InjectError == "skill_refresh":
					if s.CowagentFailed != 1 || s.Promptc != 0 || s.Fallback != 0 {
						t.Errorf("want CowAgent's own fallback once, got %+v", *s)
					}
				default:
					if s.Promptc != 1 || s.Fallback != 0 || s.NotExpressible != 0 {
						t.Errorf("%s: want the prompt from promptc, got %+v", tr, *s)
					}
					if s.Revision == nil || *s.Revision != rev || s.Pipeline == nil || *s.Pipeline != pipeline {
						t.Errorf("%s: the adapter found revision %v and ran %v, want %s and %s", tr, s.Revision, s.Pipeline, rev, pipeline)
					}
					viaPromptc[tr]++
				}
				identical[tr]++
			}
		})
	}
	for _, tr := range trs {
		t.Logf("%s at %s: %d of %d cases identical with the adapter; %d of them built by promptc", tr, rev, identical[tr], len(dirs), viaPromptc[tr])
	}
}

// acmeLayer is a user layer that adds a section to the cowagent pipeline
// (any revision: an unversioned name is the agent at any version).
const acmeLayer = `pipeline: cowagent
sections:
  acme:
    doc: Acme's rules, in every CowAgent prompt.
    after: [workspace]
    template: |
      ## Acme rules

      Never paste customer data into a chat channel.
`

// TestLayers gives every Agent case a user layer
// (~/.config/promptc/config.yaml) that adds a section, and requires the
// prompt CowAgent's real code returns with the adapter to equal
// `promptc build --pipeline cowagent@i18n` with that layer, run on the case
// laid out by the conformance harness's own mapping. Where CowAgent's
// skill refresh fails, both are the cached prompt.
func TestLayers(t *testing.T) {
	h := setup(t)
	passed := 0
	for _, dir := range h.cases {
		c := readCase(t, dir)
		if c.Entry != "agent" {
			continue
		}
		for _, tr := range transports {
			t.Run(filepath.Base(dir)+"/"+tr, func(t *testing.T) {
				if h.layerCase(t, dir, c, tr) {
					passed++
				}
			})
		}
	}
	t.Logf("%d layer runs (agent cases × transports) equal promptc build with the layer", passed)
}

// layerCase runs one case with acmeLayer over transport tr and reports
// whether every check passed.
func (h *harness) layerCase(t *testing.T, dir string, c caseInfo, tr string) bool {
	rep := h.run(t, dir, run{python: h.adapted, home: h.home(t, acmeLayer), env: []string{"PROMPTC_TRANSPORT=" + tr},
		args: []string{"--reference", filepath.Join(h.bin, "promptc"), "--conformance", h.conformance}})
	ref := rep.Reference
	if ref == nil || ref.Status != "ok" {
		t.Fatalf("reference promptc build failed: %+v", ref)
	}
	if rep.Oracle.Prompt != ref.Stdout {
		t.Fatalf("adapter vs promptc build with the layer: %s", firstDiff(rep.Oracle.Prompt, ref.Stdout))
	}
	want := expected(t, dir, "i18n")
	if c.InjectError != "" {
		if rep.Oracle.Prompt != want || rep.Adapter.CowagentFailed != 1 {
			t.Errorf("want CowAgent's cached prompt, got %+v", *rep.Adapter)
		}
		return !t.Failed()
	}
	if !strings.Contains(rep.Oracle.Prompt, "## Acme rules\n\nNever paste customer data into a chat channel.") || rep.Oracle.Prompt == want {
		t.Errorf("the layer's section is missing:\n%s", rep.Oracle.Prompt)
	}
	if rep.Adapter.Promptc != 1 || rep.Adapter.Transport != tr {
		t.Errorf("want the prompt from promptc over %s, got %+v", tr, *rep.Adapter)
	}
	return !t.Failed()
}

// TestDefaultTransport checks that an operator who sets nothing gets the
// serve transport (the faster one, see BenchmarkTurn) and CowAgent's
// prompt.
func TestDefaultTransport(t *testing.T) {
	h := setup(t)
	dir := filepath.Join(filepath.Dir(h.cases[0]), "03-full-en")
	rep := h.run(t, dir, run{python: h.adapted})
	if want := expected(t, dir, "i18n"); rep.Oracle.Prompt != want {
		t.Fatalf("%s", firstDiff(rep.Oracle.Prompt, want))
	}
	if rep.Adapter.Transport != "serve" || rep.Adapter.Promptc != 1 {
		t.Errorf("want one turn over serve by default, got %+v", *rep.Adapter)
	}
}

// TestAgentAttributes sets Agent attributes that no case.json can hold
// and runs two turns in CowAgent's real code, as is and with the adapter.
// The prompts must be CowAgent's. A time callable that returns a string
// is expressible (CowAgent drops the time line, so does the pipeline) and
// promptc answers; a _get_model that is not callable is not (CowAgent then
// reads the static model), so CowAgent builds the prompt and the adapter
// says so once.
func TestAgentAttributes(t *testing.T) {
	h := setup(t)
	dir := filepath.Join(filepath.Dir(h.cases[0]), "19-runtime-static-en")
	for _, tc := range []struct {
		name, set      string
		promptc, warns int
	}{
		{"time callable returns a string", `runtime_info={"_get_current_time": "__callable__:09:30", "_get_model": "__callable__:m-1", "channel": "slack"}`, 2, 0},
		{"model not callable", `runtime_info={"_get_model": "not callable", "model": "m-static", "workspace": "/w"}`, 0, 1},
	} {
		for _, tr := range transports {
			t.Run(tc.name+"/"+tr, func(t *testing.T) {
				args := []string{"--turns", "2", "--set", tc.set}
				plain := h.run(t, dir, run{python: h.python, args: args})
				rep := h.run(t, dir, run{python: h.adapted, args: args, env: []string{"PROMPTC_TRANSPORT=" + tr}})
				for i := range rep.Turns {
					if rep.Turns[i] != plain.Turns[i] {
						t.Errorf("turn %d: %s", i+1, firstDiff(rep.Turns[i], plain.Turns[i]))
					}
				}
				own, _ := promptcWarnings(rep)
				if s := rep.Adapter; s.Promptc != tc.promptc || s.NotExpressible != 2-tc.promptc || len(own) != tc.warns {
					t.Errorf("want %d turns from promptc and %d warnings, got %+v, %q", tc.promptc, tc.warns, *s, own)
				}
			})
		}
	}
}
