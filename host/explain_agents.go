package host

import (
	"context"
	"slices"

	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/pipelines"
)

// withAgentSkips adds to rep, when the session runs one of the agents
// `promptc agents` compares (its built-in pipeline, unversioned or at the
// version it follows), the files that view reports this agent skipping
// and rep does not list: instruction files other agents load for the
// same cwd, under a name this agent does not read (wrong name) or outside
// its walk. So explain's why-not and `promptc agents` agree about one
// tree. It costs one run of each agent's pipeline, and only for those
// pipelines; when one of them fails, rep is left as it is.
func (s *Session) withAgentSkips(ctx context.Context, rep *explain.Report, tok explain.Tokenizer) error {
	name := s.Plan.Spec().Name
	i := slices.IndexFunc(agents, func(a agentSpec) bool {
		return a.pipeline == name || pipelines.Versioned(a.pipeline) == name
	})
	cwd := s.Cwd()
	if i < 0 || cwd == "" {
		return nil
	}
	v, err := (&Host{Env: s.h.Env}).Agents(ctx, cwd, tok)
	if err != nil {
		// The comparison is an extra: another agent's pipeline failing on
		// this tree (its own settings file broken, say) must not fail the
		// report of this one. A cancelled context still ends it.
		return ctx.Err()
	}
	listed := map[string]bool{}
	for _, w := range rep.WhyNot {
		listed[w.Path] = true
	}
	for _, f := range rep.ContextFiles {
		listed[f.Path] = true
	}
	src := s.Plan.Spec().Explain.Context
	for _, av := range v.Agents {
		if av.Pipeline != agents[i].pipeline {
			continue
		}
		for _, sk := range av.Skipped {
			if !listed[sk.Path] {
				rep.WhyNot = append(rep.WhyNot, explain.WhyNot{Kind: explain.KindCandidate, Source: src, Path: sk.Path, Reason: sk.Reason, Detail: sk.Detail})
			}
		}
	}
	return nil
}
