package explain

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/engine/spec"
)

// agentOfPipeline is the agent a built-in pipeline reproduces, by its
// name: "claude-code@2.1.332" and "claude-code-system" are claude-code's;
// default, guarded and pi@X are pi's. A pipeline of another name is no
// agent's (""). Only the header's counting notes and explain TARGET's
// "not read by this agent" use it.
func agentOfPipeline(name string) string {
	n, _, _ := strings.Cut(name, "@")
	n = strings.TrimSuffix(n, "-system")
	switch n {
	case "default", "guarded", "pi":
		return "pi"
	case "claude-code", "codex", "gemini-cli", "opencode", "copilot", "cowagent":
		return n
	}
	return ""
}

// countLine is the header's Prompt line: the sizes, the encoding the
// tokens were counted with and what it is for this pipeline's agent, and
// the chars/4 estimate, which is pi's own (other agents do not use it).
func (r *Report) countLine() string {
	t := r.Totals
	agent := agentOfPipeline(r.Pipeline)
	tok := r.Tokenizer
	switch {
	case agent == "codex" && tok == "o200k_base":
		tok += ", the encoding of Codex's models"
	case agent == "claude-code":
		tok += "; Claude's tokenizer is not public, so an approximation"
	case agent == "gemini-cli":
		tok += "; Gemini's tokenizer is not public, so an approximation"
	}
	est := "chars/4"
	if agent == "pi" {
		est = "pi: chars/4"
	}
	return fmt.Sprintf("%d bytes, %d tokens (%s), %d estimated (%s); %d of %d sections active",
		t.Bytes, t.Tokens, tok, t.Estimate, est, t.Active, t.Sections)
}

// trustLine is the header's one Trust line: the pipeline's own decision
// about the project's resources and, when a project layer (.promptc.yaml)
// was found and left out for want of trust, that layer's fate too, each
// named, so that "trusted" and "not trusted" never stand unexplained side
// by side. ok is false when there is nothing to say.
func (r *Report) trustLine() (line string, ok bool) {
	var parts []string
	if tr := r.Trust; tr != nil {
		s := "project resources: untrusted (" + tr.Reason + ")"
		if tr.Trusted {
			s = "project resources: trusted (" + tr.Reason + ")"
		}
		if n := len(tr.Ignored); n > 0 {
			s += fmt.Sprintf(", %d ignored (see Why not)", n)
		}
		parts = append(parts, s)
	}
	if l, found := r.trustLayer(); found {
		parts = append(parts, "project layer "+l.Name+": ignored, a project layer needs a trust decision: "+l.Reason)
	}
	return strings.Join(parts, "; "), len(parts) > 0
}

// trustLayer is the project layer left out for want of trust, if any.
func (r *Report) trustLayer() (spec.LayerReport, bool) {
	for _, l := range r.Layers {
		if l.Role == spec.RoleProject && l.Status == spec.StatusIgnored && strings.Contains(l.Reason, "trust") {
			return l, true
		}
	}
	return spec.LayerReport{}, false
}
