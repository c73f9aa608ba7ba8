package check

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/promptc/promptc/casetest"
	"github.com/promptc/promptc/engine"
)

// GoldenErrors are the goldens of a run that are not valid.
type GoldenErrors []*GoldenError

func (l GoldenErrors) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// compare sets res from the build b (paths rebased; built is the engine's
// result) against ch's golden, and checks ch's budgets. A golden that is
// not valid is the error; layers are the rebased paths of the layer files
// the build applied, where a change no file is behind is looked for (res then stays failed, to be rewritten by
// Update).
func compare(c *Config, ch Check, o Options, res *Result, b *casetest.Build, built *engine.Result, read func(string) ([]byte, bool), layers []string) error {
	res.Status = Passed
	res.new = b
	golden, _, gerr := goldenBuild(c, ch)
	var ge *GoldenError
	switch {
	case errors.As(gerr, &ge):
		res.Status, res.Message = Failed, ge.Error()
		res.Findings = append(res.Findings, Finding{File: res.Golden, Line: ge.Line, Message: ge.Msg, Rule: RuleError})
	case gerr != nil:
		return gerr
	case golden == nil:
		res.Status = Failed
		res.Message = "no golden " + res.Golden + " (promptc check --update writes it)"
		res.Findings = append(res.Findings, Finding{File: c.rel(c.Path), Line: ch.Line, Message: res.Message, Rule: RuleChanged})
	default:
		if d := casetest.Compare(golden, b, o.Tokens, nil); d != nil {
			res.Status, res.Diff, res.Tokens = Failed, d, d.NewTokens
			res.Message = "prompt differs from " + res.Golden + ": " + d.Summary()
			fs := locate(d, read, layers)
			if len(fs) < len(d.Sections) { // a change of the pipeline's own text
				fs = append(fs, Finding{File: c.rel(c.Path), Line: ch.Line, Message: d.Summary(), Rule: RuleChanged})
			}
			res.Findings = append(res.Findings, fs...)
		}
	}
	budgets(c, ch, o, res, b, built)
	if ge != nil {
		return ge
	}
	return nil
}

// budgets fails res for a prompt or section over its limit, or a cut
// when the check forbids one.
func budgets(c *Config, ch Check, o Options, res *Result, b *casetest.Build, built *engine.Result) {
	fail := func(msg string) {
		res.Status = Failed
		if res.Message == "" {
			res.Message = msg
		} else {
			res.Message += "; " + msg
		}
		res.Findings = append(res.Findings, Finding{File: c.rel(c.Path), Line: ch.Line, Message: msg, Rule: RuleBudget})
	}
	if ch.MaxTokens > 0 {
		if res.Tokens == 0 {
			res.Tokens = o.Tokens.Count(b.Prompt)
		}
		if res.Tokens > ch.MaxTokens {
			fail(fmt.Sprintf("the prompt is %d tokens, over max_tokens %d", res.Tokens, ch.MaxTokens))
		}
	}
	for _, s := range b.Sections {
		limit, ok := ch.MaxSectionTokens[s.ID]
		if !ok || !s.Active {
			continue
		}
		if n := o.Tokens.Count(b.Prompt[s.Start : s.Start+s.Bytes]); n > limit {
			fail(fmt.Sprintf("section %s is %d tokens, over its max_section_tokens %d", s.ID, n, limit))
		}
	}
	if ch.FailOnCut {
		for _, cut := range built.Cuts {
			fail(fmt.Sprintf("the %s cut %s (%s) from %d to %d %s (fail_on_cut)", cut.By, cut.Label, cut.Strategy, cut.Before, cut.After, cut.Unit))
		}
	}
}

// writeGolden writes the golden of a check that did not pass because its
// prompt differs, is new, or its golden was not valid. A budget failure
// alone is not the golden's to fix: such a check stays failed.
func writeGolden(ctx context.Context, c *Config, res *Result) error {
	if res.Status != Failed || res.new == nil || ctx.Err() != nil {
		return ctx.Err()
	}
	for _, f := range res.Findings {
		if f.Rule == RuleBudget {
			return nil
		}
	}
	if err := writeFileAtomic(c.Golden(res.Check), formatGolden(res.Check, res.new)); err != nil {
		return err
	}
	res.Status, res.Findings = Updated, nil
	return nil
}
