package cowagent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lockedLayer is a user layer with a locked section for the cowagent
// pipeline: a platform policy in force (promptc policy: on_failure block).
const lockedLayer = `pipeline: cowagent
sections:
  security:
    after: [workspace]
    locked: true
    template: |
      ## Security policy

      Never print secrets, tokens or customer data.
`

// TestPolicyRefuses runs three turns of one Agent in CowAgent's real code
// with a locked section in the user layer: with the real promptc every
// turn's prompt carries the policy; when promptc is absent (the policy
// kept from an earlier run), fails on a broken layer that names a lock,
// or hangs past the timeout, every turn is refused (PolicyRefused, the
// reason and the policy in its message) and CowAgent's own prompt is
// never returned. Without a lock the same failures fall back
// (TestFailures).
func TestPolicyRefuses(t *testing.T) {
	h := setup(t)
	dir := filepath.Join(filepath.Dir(h.cases[0]), "02-full-zh")
	hang := fakePromptc(t, "sleep 30\n") + string(os.PathListSeparator) + h.basePath
	for _, tc := range []struct {
		name    string
		layer   string
		path    string   // "" the real promptc
		env     []string // more variables
		primed  bool     // run once with the real promptc first (it keeps the policy)
		refused string   // "" every turn carries the policy; else in each refusal
	}{
		{name: "in force", layer: lockedLayer},
		{name: "absent", layer: lockedLayer, path: h.basePath, primed: true, refused: "promptc is not on PATH"},
		{name: "broken layer", layer: "sections:\n  security:\n    locked: true\n    template: [\n", refused: "config.yaml"},
		{name: "timeout", layer: lockedLayer, path: hang, env: []string{"PROMPTC_TIMEOUT=0.5"}, primed: true, refused: "0.5s"},
	} {
		for _, tr := range transports {
			t.Run(tr+"/"+tc.name, func(t *testing.T) {
				home := h.home(t, tc.layer)
				env := append([]string{"PROMPTC_TRANSPORT=" + tr, "PROMPTC_POLICY_CACHE=" + filepath.Join(home, "policy.json")}, tc.env...)
				if tc.primed {
					first := h.run(t, dir, run{python: h.adapted, home: home, env: env, args: []string{"--turns", "1"}})
					if !strings.Contains(first.Oracle.Prompt, "Never print secrets") {
						t.Fatalf("the priming run's prompt lacks the policy")
					}
					if b, err := os.ReadFile(filepath.Join(home, "policy.json")); err != nil || !strings.Contains(string(b), `"block"`) {
						t.Fatalf("the priming run kept no blocking policy: %q, %v (adapter %+v)", b, err, *first.Adapter)
					}
				}
				rep := h.run(t, dir, run{python: h.adapted, home: home, path: tc.path, env: env, args: []string{"--turns", "3"}})
				if len(rep.Turns) != 3 {
					t.Fatalf("want 3 turns, got %d", len(rep.Turns))
				}
				for i, got := range rep.Turns {
					switch {
					case tc.refused == "" && !strings.Contains(got, "Never print secrets"):
						t.Errorf("turn %d: the prompt lacks the policy", i+1)
					case tc.refused != "" && got != "":
						t.Errorf("turn %d: a prompt was returned (%d bytes), want the turn refused", i+1, len(got))
					}
				}
				if tc.refused == "" {
					if len(rep.Refusals) != 0 {
						t.Errorf("refusals %q, want none", rep.Refusals)
					}
					return
				}
				if len(rep.Refusals) != 3 || rep.Adapter.Refused != 3 {
					t.Fatalf("refusals %q (adapter %+v), want 3", rep.Refusals, *rep.Adapter)
				}
				for _, r := range rep.Refusals {
					if !strings.Contains(r, "this turn is refused: ") || !strings.Contains(r, tc.refused) || !strings.Contains(r, "to fix: ") {
						t.Errorf("refusal %q: want the reason (%q) and how to fix it", r, tc.refused)
					}
				}
				t.Logf("%s", rep.Refusals[0])
			})
		}
	}
}
