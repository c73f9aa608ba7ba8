package host

import (
	"context"
	"fmt"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/sources"
)

// Expand is the user message line becomes once pi's /skill: and
// prompt-template expansion ran with the skills and templates the
// pipeline's expand: block names; warnings are the sources' and the
// expansion's, and, for a line left unchanged that names a skill or
// template the pipeline left out (an untrusted project's), why.
func (s *Session) Expand(ctx context.Context, line string) (string, diag.List, error) {
	ex := s.Plan.Spec().Expand
	var ids []string
	for _, id := range []string{ex.Skills, ex.Templates} {
		if id != "" {
			ids = append(ids, id)
		}
	}
	outs, err := s.Plan.Resolve(ctx, s.Input, ids...)
	if err != nil {
		return "", nil, err
	}
	var skills sources.SkillLister
	var templates sources.TemplateLister
	var warnings diag.List
	if o, ok := outs[ex.Skills]; ok {
		warnings = append(warnings, o.Diags...)
		skills, _ = o.Value.(sources.SkillLister)
	}
	if o, ok := outs[ex.Templates]; ok {
		warnings = append(warnings, o.Diags...)
		templates, _ = o.Value.(sources.TemplateLister)
	}
	fsys, ok := s.Input.FS.(sources.FS)
	if !ok {
		return "", nil, fmt.Errorf("the OS file system does not support symlink inspection")
	}
	text, ds, err := piExpand(ctx, fsys, line, skills, templates)
	if err != nil {
		return "", nil, err
	}
	if text == line {
		ds = append(ds, s.notExpanded(ctx, line)...)
	}
	return text, append(warnings, ds...), nil
}

// Explain builds and explains the session: the report of package explain
// counted with tok; for an agent's pipeline, its why-not also lists what
// `promptc agents` reports that agent skipping (withAgentSkips).
func (s *Session) Explain(ctx context.Context, tok explain.Tokenizer) (*explain.Report, error) {
	res, err := s.Build(ctx)
	if err != nil {
		return nil, err
	}
	return s.ExplainResult(ctx, res, tok)
}

// ExplainResult explains res, a Result of this session's plan (a host
// that builds through its own Builders, as serve does, passes the one it
// got), the way Explain does: for an agent's pipeline the why-not also
// lists what `promptc agents` reports that agent skipping.
func (s *Session) ExplainResult(ctx context.Context, res *engine.Result, tok explain.Tokenizer) (*explain.Report, error) {
	rep, err := explain.New(s.Plan, res, explain.Options{Tokenizer: tok})
	if err != nil {
		return nil, err
	}
	return rep, s.withAgentSkips(ctx, rep, tok)
}
