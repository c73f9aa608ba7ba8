package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/sources"
)

// turns builds one RunResult per input line from the base prompt.
func (r *run) turns(ctx context.Context, base string) ([]RunResult, error) {
	out := make([]RunResult, 0, len(r.in.Turns))
	for _, line := range r.in.Turns {
		rr, err := r.turn(ctx, base, line)
		if err != nil {
			return nil, err
		}
		out = append(out, rr)
	}
	return out, nil
}

// turn is one run: the line expanded, then every transform in order, each
// seeing the prompt as the ones before it left it (pi's before_agent_start
// chain, EXT-2). A transform that fails leaves the prompt and the
// messages as they were, says why in a warning, and the chain goes on.
func (r *run) turn(ctx context.Context, base, line string) (RunResult, error) {
	rr := RunResult{Line: line, Input: line, ChangedBy: []string{}, Transforms: []TransformReport{}, Messages: []Message{}, Diagnostics: diag.List{}}
	if r.in.Expand != nil {
		text, ds, err := r.expand(ctx, line)
		if err != nil {
			return rr, err
		}
		rr.Input = text
		rr.Diagnostics = append(rr.Diagnostics, ds...)
	}
	prompt := base
	for _, tp := range r.plan.transforms {
		if err := ctx.Err(); err != nil {
			return rr, err
		}
		rep := TransformReport{ID: tp.id, At: r.plan.spec.Pos(tp.ptr).String(), Layer: tp.by.Layer, Action: tp.action, When: tp.spec.When, Before: len(prompt), After: len(prompt)}
		view := RunView{Line: line, Input: rr.Input, Prompt: prompt, Base: base}
		next, msg, outcome, err := r.apply(ctx, tp, view)
		if ctx.Err() != nil {
			return rr, ctx.Err()
		}
		rep.Outcome = outcome
		if err != nil {
			rep.Error = err.Error()
			rr.Diagnostics = append(rr.Diagnostics, diag.Diagnostic{
				Severity: diag.Warning, Code: "transform/" + outcome, Pos: r.plan.spec.Pos(tp.ptr),
				Message: fmt.Sprintf("transform %s: %v; the run goes on with the prompt as it was", tp.id, err),
			})
		}
		if outcome == OutcomeChanged || outcome == OutcomeUnchanged {
			if next != nil {
				if *next != prompt {
					if err := r.policy.keeps(tp, prompt, *next); err != nil {
						return rr, err
					}
					rr.ChangedBy = append(rr.ChangedBy, tp.id)
				} else {
					rep.Outcome = OutcomeUnchanged
				}
				prompt = *next
			}
			if msg != nil {
				msg.Transform = tp.id
				rr.Messages = append(rr.Messages, *msg)
				rep.Message = true
			}
		}
		rep.After = len(prompt)
		rr.Transforms = append(rr.Transforms, rep)
	}
	rr.Prompt = prompt
	rr.PromptIsBase = prompt == base
	return rr, nil
}

// apply runs one transform over view. It returns the new prompt (nil
// keeps it), the message (nil adds none) and the outcome; err says why a
// transform failed or was refused.
func (r *run) apply(ctx context.Context, tp *transformPlan, view RunView) (next *string, msg *Message, outcome string, err error) {
	if tp.spec.Disabled {
		return nil, nil, OutcomeDisabled, nil
	}
	vals, err := r.transformValues(ctx, tp, view)
	if err != nil {
		return nil, nil, OutcomeFailed, err
	}
	if tp.when != nil {
		ok, err := tp.when.EvalBool(vals)
		if err != nil {
			return nil, nil, OutcomeFailed, fmt.Errorf("when: %v", err)
		}
		if !ok {
			return nil, nil, OutcomeSkipped, nil
		}
	}
	if tp.action == ActionExec {
		return r.execTransform(ctx, tp, view)
	}
	if tp.tmpl != nil {
		text, err := tp.tmpl.Render(vals)
		if err != nil {
			return nil, nil, OutcomeFailed, fmt.Errorf("%s: %s", tp.action, renderErrText(err))
		}
		switch tp.action {
		case ActionPrepend:
			text += view.Prompt
		case ActionAppend:
			text = view.Prompt + text
		}
		next = &text
	}
	if tp.msg != nil {
		text, err := tp.msg.Render(vals)
		if err != nil {
			return nil, nil, OutcomeFailed, fmt.Errorf("message: %s", renderErrText(err))
		}
		if text != "" {
			msg = &Message{Role: "user", Content: text}
		}
	}
	if next != nil && *next != view.Prompt {
		return next, msg, OutcomeChanged, nil
	}
	return next, msg, OutcomeUnchanged, nil
}

// transformValues are the params, sources and declared a transform reads,
// and its run.
func (r *run) transformValues(ctx context.Context, tp *transformPlan, view RunView) (map[string]any, error) {
	vals, err := r.values(ctx, tp.uses)
	if err != nil {
		var dl diag.List
		if errors.As(err, &dl) && len(dl) > 0 {
			return nil, fmt.Errorf("%s", dl[0].Message)
		}
		return nil, err
	}
	vals[RunName] = view
	return vals, nil
}

// expand resolves the pipeline's expand sources in this run and expands
// line with the host's Expander.
func (r *run) expand(ctx context.Context, line string) (string, diag.List, error) {
	var skills sources.SkillLister
	var templates sources.TemplateLister
	ex := r.plan.spec.Expand
	if ex.Skills != "" {
		v, err := r.value(ctx, ex.Skills)
		if err != nil {
			return "", nil, err
		}
		skills, _ = v.(sources.SkillLister)
	}
	if ex.Templates != "" {
		v, err := r.value(ctx, ex.Templates)
		if err != nil {
			return "", nil, err
		}
		templates, _ = v.(sources.TemplateLister)
	}
	return r.in.Expand(ctx, r.fsys, line, skills, templates)
}

// renderErrText words a transform template's failure without
// text/template's repetition of the template's name: "line L:C: what".
func renderErrText(err error) string {
	msg := templateErr(err)
	name, rest, ok := strings.Cut(msg, ": executing ")
	if !ok {
		return msg
	}
	if _, after, ok := strings.Cut(rest, ">: "); ok {
		rest = after
	}
	if i := strings.Index(name, ":"); i >= 0 {
		return "line " + name[i+1:] + ": " + rest
	}
	return rest
}
