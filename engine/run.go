package engine

import (
	"context"
	"fmt"
	"io/fs"
	"sort"
	"sync/atomic"

	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
)

// One run of a plan, in parts: this file holds its entry points (Run,
// Resolve) and its state (run); run_values.go resolves params and
// sources, at most once each; run_build.go renders the active sections,
// run_join.go joins them, run_fallback.go answers a failure with the
// pipeline's fallback; run_facts.go lists the facts a Builder watches;
// run_errors.go positions run-time failures.

// Input is everything one run reads besides the plan.
type Input struct {
	// FS is the file system rooted at "/" that sources read through. It
	// must implement fs.StatFS, fs.ReadFileFS, fs.ReadDirFS and
	// fs.ReadLinkFS, as osfs.Root() does; a sources.RegularReader (as
	// osfs.Root is) makes reads of files swapped for special files safe.
	FS fs.FS
	// Params holds caller-supplied param values by name. A name the
	// pipeline does not declare is an error (*UnknownParamError); declared
	// params without a value take their default (nil for nullable lists).
	Params map[string]any
	// MaxReadBytes bounds what the run may read in all; 0 means
	// MaxRunBytes.
	MaxReadBytes int64

	// Turns are user inputs, each starting a run of its own: the Result
	// then has one RunResult per turn, in order, with the prompt the
	// pipeline's transforms made for that run from the base prompt. A
	// run's changes never carry over to the next one.
	Turns []string
	// Expand turns a turn's line into the text the user sends (pi: /skill:
	// and prompt-template expansion) with the values of the pipeline's
	// expand sources (either may be nil). Nil leaves lines as typed.
	Expand Expander
	// Exec runs exec transforms' programs; nil refuses them (a warning).
	Exec Executor
	// NoProvenance leaves out of the Result what only explains the
	// prompt: each section's Origins (empty), Labels and FalseTerms
	// (none), the pipeline's Layers and Overrides (empty), and the
	// warnings about origins reached through a link that leaves the
	// roots (file/outside-roots). The text, every section's
	// text and state, every source's value, options and exclusions, the
	// other diagnostics and every error are as without it. For hosts that
	// read only those, many runs at a time (emit --check).
	NoProvenance bool
	// ProjectTrusted says the host decided that the project is trusted:
	// only then do exec transforms of a project layer run.
	ProjectTrusted bool
}

// Run builds the prompt. Run-time problems in files are diagnostics in the
// Result; an error means the run could not complete (a source failed, an
// expression failed at run time, ctx was cancelled), and no partial
// Result is returned — unless the pipeline declares a fallback whose
// condition holds: then the Result is the fallback text, marked Fallback,
// with the failure as a warning, and the error is nil. A cancelled ctx
// never falls back.
func (p *Plan) Run(ctx context.Context, in Input) (*Result, error) {
	res, _, err := p.run(ctx, in, nil, nil, false)
	return res, err
}

// run is Run with a Builder's cache and memo (both nil for a plain Run);
// with wantFacts it also returns what the run depended on (see runFacts).
func (p *Plan) run(ctx context.Context, in Input, cache *fscache.Cache, memo *sourceMemo, wantFacts bool) (*Result, runFacts, error) {
	r, err := p.newRun(in)
	if err != nil {
		return nil, runFacts{}, err
	}
	defer p.runs.Put(r) // after the results below are made
	if cache != nil && memo != nil {
		r.fsys, r.cache, r.memo, r.wantFacts = cache, cache, memo, wantFacts
		r.gens, r.deps = map[string]uint64{}, map[string]*fscache.Deps{}
	} else if c, ok := r.fsys.(*fscache.Cache); r.fsys != nil && !(ok && c.IsSnapshot()) {
		// A plain run sees one moment of each path, as a Builder's build
		// does: through a one-run Cache (or the Snapshot it was given) it
		// stats each path once and reads and parses each file once.
		r.fsys = fscache.Snapshot(r.fsys)
	}
	res, err := r.build(ctx)
	if err != nil && p.fallback != nil && ctx.Err() == nil {
		res, err = r.fallback(ctx, err)
	}
	if err == nil {
		err = r.guardPolicy(res)
	}
	if err != nil || len(in.Turns) == 0 {
		if err != nil {
			res = nil
		}
		return res, r.facts(), err
	}
	if res.Runs, err = r.turns(ctx, res.Text); err != nil {
		return nil, runFacts{}, err
	}
	return res, r.facts(), nil
}

// Resolve resolves the named sources (and what they depend on) without
// rendering any section, e.g. for `promptc expand`.
func (p *Plan) Resolve(ctx context.Context, in Input, ids ...string) (map[string]sources.Output, error) {
	r, err := p.newRun(in)
	if err != nil {
		return nil, err
	}
	defer p.runs.Put(r) // out holds copies
	out := map[string]sources.Output{}
	for _, id := range ids {
		if _, ok := p.sources[id]; !ok {
			return nil, fmt.Errorf("pipeline %s has no source %q", p.spec.Name, id)
		}
		if _, err := r.value(ctx, id); err != nil {
			return nil, err
		}
		out[id] = *r.outputs[id]
	}
	return out, nil
}

// run is the state of one Plan.Run.
type run struct {
	plan    *Plan
	in      Input
	fsys    sources.FS
	vals    map[string]any
	outputs map[string]*sources.Output
	options map[string]any // the options each resolved source was given
	order   []string
	// read counts the bytes the run's sources read (MaxRunBytes).
	read atomic.Int64
	// roots is the run's rootSet, computed once (rootsDone).
	roots     *rootSet
	rootsDone bool
	busy      []string // the sources being resolved, outermost first
	// reqExtra is the exec_request fields, evaluated once (reqDone).
	reqExtra map[string]any
	reqErr   error
	reqDone  bool
	// cache and memo are a Builder's: sources whose options and
	// file-system facts are unchanged return their previous output.
	cache *fscache.Cache
	memo  *sourceMemo
	// outside are, per resolved source, the warnings about its origins
	// reached through links that leave the roots (made at the first).
	outside map[string]diag.List
	// gens are, in a Builder, the memo generation of each resolved
	// source's output, and deps the facts it depended on (nil in a plain
	// run).
	gens map[string]uint64
	deps map[string]*fscache.Deps
	// rootDeps are the facts the roots were computed from.
	rootDeps *fscache.Deps
	// recomputed: a source ran; unknownFacts: one ran untracked.
	recomputed, unknownFacts bool
	// wantFacts: the Builder watches, and needs the run's facts' paths.
	wantFacts bool
	// cuts are the cuts source caps made, in the order made.
	cuts []Cut
	// machine evaluates the run's expressions, one after another.
	machine conditions.Machine
	// policy holds the marked sections' texts every transform of the
	// run must keep (run_required.go); nil without marks.
	policy *policyGuard
}

func (p *Plan) newRun(in Input) (*run, error) {
	if err := p.checkNames(in.Params); err != nil {
		return nil, err
	}
	n := len(p.sources)
	var r *run
	if old, ok := p.runs.Get().(*run); ok {
		// A finished run's state, cleared: nothing of it outlives its run
		// (its Result holds copies).
		clear(old.vals)
		clear(old.outputs)
		clear(old.options)
		*old = run{plan: p, in: in, vals: old.vals, outputs: old.outputs, options: old.options, order: old.order[:0], busy: old.busy[:0], machine: old.machine}
		r = old
	} else {
		r = &run{plan: p, in: in, vals: make(map[string]any, len(p.params)+n+1), outputs: make(map[string]*sources.Output, n), options: make(map[string]any, n)}
	}
	// The declared sections' facts, as value returns them: an expression
	// evaluated over vals (env) reads them there.
	r.vals[DeclaredName] = p.declared
	if in.FS != nil {
		fsys, ok := in.FS.(sources.FS)
		if !ok {
			return nil, fmt.Errorf("engine: Input.FS %T lacks Stat, ReadFile, ReadDir or ReadLink", in.FS)
		}
		r.fsys = fsys
	}
	return r, nil
}

// SortedParams returns the declared params' names, sorted.
func (p *Plan) SortedParams() []string {
	out := make([]string, 0, len(p.params))
	for n := range p.params {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
