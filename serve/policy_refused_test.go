package serve

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestPolicyRefusedRun: a build whose pipeline falls back to its
// fallback text while a required section is in force is refused with
// code policy, the CLI's exit 6 (HTTP 422), the positioned diagnostic
// and the policy in force: never a reply with a prompt that lacks the
// section.
func TestPolicyRefusedRun(t *testing.T) {
	ctx := context.Background()
	s, proj := receiptService(t, "sections:\n  security:\n    template: Never print secrets.\n    required: true\n")
	pipe := filepath.Join(filepath.Dir(proj), "pipe.yaml")
	write(t, pipe, "promptc: 1\nname: p\nparams:\n  l: {type: list, default: []}\nsections:\n  intro: {template: \"{{ index .l 3 }}\"}\nfallback:\n  template: Be careful.\n")
	v, e := s.Handle(ctx, Request{Command: CommandBuild, Pipeline: pipe})
	if e == nil {
		t.Fatalf("got a reply %v, want the build refused", v)
	}
	if e.Code != CodePolicy || e.Exit != 6 || e.status() != 422 || len(e.Diagnostics) != 1 || e.Diagnostics[0].Code != "policy/fallback" ||
		!strings.Contains(e.Message, `pipe.yaml:7:1: the build failed and the pipeline's fallback text would replace the prompt without required section "security"`) {
		t.Errorf("error %+v", e)
	}
	if e.Policy == nil || len(e.Policy.Sections) != 1 || !e.Policy.Sections[0].Required {
		t.Errorf("policy %+v", e.Policy)
	}
	b, _ := json.Marshal(errorReply{e})
	if !strings.Contains(string(b), `"code":"policy","message":`) {
		t.Errorf("reply %s", b)
	}
}
