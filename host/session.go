package host

import (
	"context"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
)

// Host runs requests in one environment. The zero value is not usable:
// Env is required. A Host keeps the plans it compiled (in the Env's
// [Memoizer] when it has one), so that reading a command line and opening
// its session compile once; it is safe for concurrent use.
type Host struct {
	// Env is where the host reads variables, the working directory, the
	// home, the date and files.
	Env Env
	// Builders, when set, keeps warm builders: a session without input
	// lines builds through the Builder of its plan and cwd, so files that
	// did not change are not read again (promptc serve).
	Builders Builders
	// Warn, when set, receives warnings as they arise: the pipeline's
	// compile warnings and a project layer not applied. Nil drops them.
	Warn func(diag.List)

	plans plans
}

// Builders keeps warm builders by plan and working directory.
type Builders interface {
	Builder(plan *engine.Plan, cwd string) (*engine.Builder, error)
}

func (h *Host) warn(ds diag.List) {
	if h.Warn != nil && len(ds) > 0 {
		h.Warn(ds)
	}
}

// Session is an opened request: its compiled pipeline and the input of its
// runs.
type Session struct {
	// Plan is the compiled pipeline, with every layer that applies.
	Plan *engine.Plan
	// Input is what Build runs Plan with (FS, Params, and for a request
	// with Inputs its turns).
	Input engine.Input
	// Skipped reports the layers looked for and not applied.
	Skipped []spec.LayerReport
	// ProjectApplied says the project layer applied (the project is
	// trusted by a decision).
	ProjectApplied bool

	h      *Host
	req    Request
	base   string
	global configLayers
	// family: the names the base answers to in a layer's pipeline:.
	family []string
}

// Plan compiles the pipeline req selects with the system and user layers
// that apply, without the project layer (whose trust depends on params):
// the plan a command line's flags are read against. Pipeline errors are
// in the diagnostics (the plan is then nil), not the error.
func (h *Host) Plan(ctx context.Context, req Request) (*engine.Plan, diag.List, error) {
	s, ds, err := h.compile(ctx, req)
	if s == nil {
		return nil, ds, err
	}
	return s.Plan, ds, err
}

func (h *Host) compile(ctx context.Context, req Request) (*Session, diag.List, error) {
	cands, err := h.findGlobal(req.NoConfig)
	if err != nil {
		return nil, nil, err
	}
	src := h.source()
	base, cl := chooseGlobal(cands, req.Pipeline, src.names)
	plan, ds, err := loadPlan(ctx, src, req.stack(base, cl, nil))
	if err != nil {
		return nil, nil, err
	}
	if ds.HasErrors() {
		return nil, ds, nil
	}
	return &Session{Plan: plan, Input: engine.Input{FS: FS(h.Env)}, h: h, req: req, base: base, global: cl, family: src.names(base)}, ds, nil
}

// Open compiles the pipeline req selects over the layers that apply,
// assembles its params and, when the project is trusted, applies the
// project layer. Errors: [UsageError] for a request the caller got wrong,
// [LockedError], a diag.List of pipeline errors, else I/O errors.
func (h *Host) Open(ctx context.Context, req Request) (*Session, error) {
	s, ds, err := h.compile(ctx, req)
	if err != nil {
		return nil, err
	}
	if ds.HasErrors() {
		return nil, ds
	}
	h.warn(ds)
	if req.PlanOnly {
		return s, nil // the plan alone: nothing is read
	}
	if s.Input.Params, err = h.params(s.Plan, req); err != nil {
		return nil, err
	}
	s.Skipped = s.global.skipped
	if req.NoConfig {
		s.Skipped = noConfigReports(h.Env)
	} else if s, err = s.withProject(ctx); err != nil {
		return nil, err
	}
	s.withRuns()
	return s, nil
}

// Build runs the session's plan; the Result's layers also list the layers
// that were looked for and not applied. The Result is never changed in
// place: a warm Builder's Result is shared by every request it answers.
func (s *Session) Build(ctx context.Context) (*engine.Result, error) {
	var res *engine.Result
	var err error
	// A Builder keeps no runs: a session with input lines runs the plan.
	if s.h.Builders != nil && len(s.Input.Turns) == 0 {
		var b *engine.Builder
		if b, err = s.h.Builders.Builder(s.Plan, s.Cwd()); err == nil {
			res, err = b.Build(ctx, s.Input.Params)
		}
	} else {
		res, err = s.Plan.Run(ctx, s.Input)
	}
	if res != nil {
		res = res.WithLayers(s.Skipped) // res may be a Builder's, shared
	}
	return res, err
}

// Cwd is the session's cwd param ("" when the pipeline has none).
func (s *Session) Cwd() string {
	cwd, _ := s.Input.Params["cwd"].(string)
	return cwd
}
