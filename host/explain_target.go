package host

import (
	"context"
	"maps"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/internal/lazyre"
	"github.com/promptc/promptc/sources"
)

// approve is the project_trust kind's decision value that trusts the
// project.
const approve = "approve"

// ExplainTarget answers `promptc explain TARGET` about the run rep
// explains: it gathers what the answer needs beyond the report (the same
// run with the project trusted, when it is not, to name what the trust
// rule left out; the prompt templates of the expand: block; the flags
// that trust the project and add a skill) and asks rep. cwd resolves a
// relative path target. Errors about the target are *explain.TargetError.
func (s *Session) ExplainTarget(ctx context.Context, rep *explain.Report, tok explain.Tokenizer, target, cwd string) (*explain.Answer, error) {
	spec := s.Plan.Spec()
	q := explain.Query{Target: target, Cwd: cwd, Home: s.h.Env.Home(), SkillFlag: s.flagOf(spec.Explain.Skills, "paths"), ContextSource: spec.Explain.Context}
	if fsys, ok := s.Input.FS.(sources.FS); ok {
		q.FS = fsys
	}
	trusted := s.Input
	if rep.Trust != nil && !rep.Trust.Trusted {
		if p, flag := s.trustParam(); p != "" {
			trusted.Params = maps.Clone(s.Input.Params)
			trusted.Params[p] = approve
			res, err := s.Plan.Run(ctx, trusted)
			if err != nil {
				return nil, err
			}
			if q.Trusted, err = explain.New(s.Plan, res, explain.Options{Tokenizer: tok}); err != nil {
				return nil, err
			}
			q.TrustFlag = flag
		}
	}
	on := s.Input
	if set, off := s.offSwitches(); len(off) > 0 {
		on.Params = maps.Clone(s.Input.Params)
		maps.Copy(on.Params, set)
		res, err := s.Plan.Run(ctx, on)
		if err != nil {
			return nil, err
		}
		if q.On, err = explain.New(s.Plan, res, explain.Options{Tokenizer: tok}); err != nil {
			return nil, err
		}
		q.Off = off
	}
	if id := spec.Expand.Templates; id != "" {
		q.TemplateSource = id
		var err error
		if q.Templates, q.TemplateWhyNot, err = s.templates(ctx, s.Input, id); err != nil {
			return nil, err
		}
		if q.Trusted != nil {
			if q.TemplatesTrusted, _, err = s.templates(ctx, trusted, id); err != nil {
				return nil, err
			}
		}
		if q.On != nil {
			if q.TemplatesOn, _, err = s.templates(ctx, on, id); err != nil {
				return nil, err
			}
		}
	}
	return rep.Ask(q)
}

// switchArgs are the arguments by which a source kind turns itself off
// (skills and prompt_templates: discover; context_files: enabled).
var switchArgs = []string{"discover", "enabled"}

// offSwitches finds the sources of the skills and context roles and of
// the expand: templates whose on/off argument is a bool param that is
// false in this run, and returns those params set to true, with, per
// source, the param and the flag that turned it off ("--no-skills").
func (s *Session) offSwitches() (map[string]any, []explain.SourceOff) {
	spec := s.Plan.Spec()
	set := map[string]any{}
	var off []explain.SourceOff
	for _, id := range []string{spec.Explain.Skills, spec.Explain.Context, spec.Expand.Templates} {
		src, ok := spec.Sources[id]
		if !ok {
			continue
		}
		for _, arg := range switchArgs {
			p := src.Args[arg]
			ps, declared := spec.Params[p]
			if v, isBool := s.Input.Params[p].(bool); !declared || !isBool || v {
				continue
			}
			so := explain.SourceOff{Source: id, Param: p}
			for _, b := range ps.Bind {
				if v, ok := b.Value.(bool); ok && !v && b.Flag != "" {
					so.Flag = "--" + b.Flag
				}
			}
			set[p] = true
			off = append(off, so)
		}
	}
	return set, off
}

// templates resolves the templates source id.
func (s *Session) templates(ctx context.Context, in engine.Input, id string) ([]sources.TemplateEntry, []explain.WhyNot, error) {
	outs, err := s.Plan.Resolve(ctx, in, id)
	if err != nil {
		return nil, nil, err
	}
	o := outs[id]
	var why []explain.WhyNot
	for _, e := range o.Excluded {
		why = append(why, explain.WhyNot{Kind: explain.KindCandidate, Source: id, Path: e.Path, Reason: e.Reason, Detail: e.Detail})
	}
	if l, ok := o.Value.(sources.TemplateLister); ok {
		return l.TemplateEntries(), why, nil
	}
	return nil, why, nil
}

// trustParam is the param the explain trust source's decision argument
// names, when that argument is a bare param name, and the flag that sets
// it to approve ("" when none does).
func (s *Session) trustParam() (param, flag string) {
	spec := s.Plan.Spec()
	src, ok := spec.Sources[spec.Explain.Trust]
	if !ok {
		return "", ""
	}
	p := src.Args["decision"]
	ps, ok := spec.Params[p]
	if !ok {
		return "", ""
	}
	for _, b := range ps.Bind {
		if v, ok := b.Value.(string); ok && v == approve && b.Flag != "" {
			return p, "--" + b.Flag
		}
	}
	return p, ""
}

// identRe matches the identifiers of an argument expression.
var identRe = lazyre.New(`[A-Za-z_][A-Za-z0-9_]*`)

// flagOf is the first flag bound to a param that source id's argument arg
// reads ("" when none): the flag that adds to that argument.
func (s *Session) flagOf(id, arg string) string {
	spec := s.Plan.Spec()
	src, ok := spec.Sources[id]
	if !ok {
		return ""
	}
	for _, name := range identRe().FindAllString(src.Args[arg], -1) {
		if ps, ok := spec.Params[name]; ok {
			for _, b := range ps.Bind {
				if b.Flag != "" {
					return "--" + b.Flag
				}
			}
		}
	}
	return ""
}
