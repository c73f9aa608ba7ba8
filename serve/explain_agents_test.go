package serve

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/explain"
)

// TestExplainListsAgentSkips: serve's explain of an agent's pipeline
// lists in its why-not the files `promptc agents` reports that agent
// skipping, as the CLI's explain does (explain_why_not_agents): here
// GEMINI.md, which Claude Code does not read.
func TestExplainListsAgentSkips(t *testing.T) {
	s, proj := receiptService(t, "")
	write(t, filepath.Join(proj, "GEMINI.md"), "Gemini rules.\n")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(proj, ".git", "HEAD"), "ref: refs/heads/main\n")
	out, e := s.Handle(context.Background(), Request{Command: CommandExplain, Pipeline: "claude-code"})
	if e != nil {
		t.Fatal(e)
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var rep explain.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	gemini := filepath.Join(proj, "GEMINI.md")
	for _, w := range rep.WhyNot {
		if w.Path == gemini {
			return
		}
	}
	t.Errorf("why-not %+v does not list %s", rep.WhyNot, gemini)
}
