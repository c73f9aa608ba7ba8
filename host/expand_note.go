package host

import (
	"context"
	"fmt"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/explain"
)

// CodeNotExpanded is the warning of a /skill: or /template line that
// expansion left unchanged because the pipeline left its skill or
// template out (an untrusted project's, another agent's home).
const CodeNotExpanded = "expand/left-out"

// notExpanded says why line, which expansion left unchanged, was not
// expanded, when "/skill:NAME" or "/NAME" names a skill or template the
// pipeline left out: the answer of explain TARGET about it. A name found
// nowhere passes through quietly, as in pi. Nil when there is nothing to
// say.
func (s *Session) notExpanded(ctx context.Context, line string) diag.List {
	word, _, _ := strings.Cut(strings.TrimPrefix(line, "/"), " ")
	if !strings.HasPrefix(line, "/") || word == "" {
		return nil
	}
	target := "template:" + word
	if name, ok := strings.CutPrefix(word, "skill:"); ok {
		target = "skill:" + name
	}
	tok, err := explain.NewTokenizer("")
	if err != nil {
		return nil
	}
	rep, err := s.Explain(ctx, tok)
	if err != nil {
		return nil
	}
	wd, _ := s.h.Env.Getwd()
	ans, err := s.ExplainTarget(ctx, rep, tok, target, wd)
	if err != nil || ans.InPrompt || ans.Rule == explain.RuleNotPrompt {
		return nil
	}
	msg := fmt.Sprintf("/%s is not expanded: %s %s: %s", word, ans.Kind, ans.Name, ans.Because)
	if ans.Change != "" {
		msg += "; " + ans.Change
	}
	return diag.List{{Severity: diag.Warning, Code: CodeNotExpanded, Message: msg}}
}
