package host

import (
	"context"
	"fmt"
	"slices"

	"github.com/promptc/promptc/config"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources"
)

// withProject applies the project layer (.promptc.yaml in the cwd or its
// nearest ancestor, up to the project root) when the project is trusted
// by the pipeline's own decision, recompiling the pipeline with it and
// assembling the params again; otherwise it reports the layer as absent
// or ignored (with a layer/ignored warning).
func (s *Session) withProject(ctx context.Context) (*Session, error) {
	h := s.h
	dir, _ := s.Input.Params["cwd"].(string)
	if dir == "" || dir[0] != '/' {
		dir, _ = h.Env.Getwd()
	}
	if dir == "" {
		return s, nil
	}
	fsys := s.Input.FS.(sources.FS)
	c := config.Project(fsys, dir)
	ignore := func(why string) (*Session, error) {
		s.Skipped = append(s.Skipped, c.Report(spec.StatusIgnored, why))
		h.warn(diag.List{{Severity: diag.Warning, Code: "layer/ignored", Path: c.Layer.Name, Message: "project layer not applied: " + why}})
		return s, nil
	}
	if c.Ignored != "" {
		return ignore(c.Ignored) // above the project root: never read
	}
	if !c.Found {
		s.Skipped = append(s.Skipped, c.Report(spec.StatusAbsent, ""))
		return s, nil
	}
	ok, why, err := projectVerdict(ctx, s.Plan, s.Input)
	if err != nil {
		return nil, err
	}
	if !ok {
		return ignore(why) // not even read
	}
	if c, err = config.ReadProject(fsys, c); err != nil {
		return nil, err
	}
	if !c.Found {
		s.Skipped = append(s.Skipped, c.Report(spec.StatusAbsent, ""))
		return s, nil
	}
	if c.Base != "" && !slices.Contains(s.family, c.Base) && c.Base != s.Plan.Spec().Name {
		return ignore(fmt.Sprintf("it is for pipeline %s, not %s", c.Base, s.base))
	}
	plan, ds, err := loadPlan(ctx, h.source(), s.req.stack(s.base, s.global, []spec.Layer{c.Layer}))
	if err != nil {
		return nil, err
	}
	if ds.HasErrors() {
		return nil, ds
	}
	params, err := h.params(plan, s.req)
	if err != nil {
		return nil, err
	}
	h.warn(ds)
	ns := *s
	ns.Plan, ns.Input = plan, engine.Input{FS: s.Input.FS, Params: params}
	ns.ProjectApplied = true
	return &ns, nil
}

// projectVerdict decides whether a project layer may apply to a run of
// plan with in: the project must be trusted by the pipeline's own
// decision (its explain trust role), and a .promptc.yaml counts as a
// resource that needs trust, so "nothing here needs trust" never admits it.
func projectVerdict(ctx context.Context, plan *engine.Plan, in engine.Input) (bool, string, error) {
	id := plan.Spec().Explain.Trust
	if id == "" {
		return false, fmt.Sprintf("pipeline %s decides no project trust (it names no explain trust source), so no project layer applies", plan.Spec().Name), nil
	}
	outs, err := plan.Resolve(ctx, in, id)
	if err != nil {
		return false, "", err
	}
	tj, ok := outs[id].Value.(sources.TrustJudge)
	if !ok {
		return false, fmt.Sprintf("source %s gives no trust decision", id), nil
	}
	v := tj.TrustVerdict()
	switch {
	case v.Gate != nil && v.Gate.Trusted:
		return true, "", nil
	case v.Gate != nil:
		return false, "the project is not trusted (" + v.Gate.Reason + ")", nil
	case v.Trusted && v.ByDecision:
		return true, "", nil
	case v.Trusted:
		return false, "the project is not trusted by a decision (" + v.Reason + "), and a project layer needs one", nil
	}
	return false, "the project is not trusted (" + v.Reason + ")", nil
}
