package engine

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"reflect"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/internal/yamlpos"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sections"
	"github.com/promptc/promptc/sources"
)

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
	if cache != nil && memo != nil {
		r.fsys, r.cache, r.memo, r.wantFacts = cache, cache, memo, wantFacts
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
	if err != nil || len(in.Turns) == 0 {
		return res, r.facts(), err
	}
	if res.Runs, err = r.turns(ctx, res.Text); err != nil {
		return nil, runFacts{}, err
	}
	return res, r.facts(), nil
}

// runFacts are the file-system facts a Builder's run depended on.
type runFacts struct {
	// paths are the absolute paths of the facts of every source the run
	// used and of its roots; listed the directories whose listings they
	// read.
	paths, listed []string
	// complete is false when some source's facts are unknown (it was not
	// memoized, or its facts changed while it ran).
	complete bool
	// recomputed is true when a source ran (no memoized output served).
	recomputed bool
}

func (r *run) facts() runFacts {
	if r.memo == nil || !r.wantFacts {
		return runFacts{}
	}
	f := runFacts{complete: !r.unknownFacts, recomputed: r.recomputed}
	if r.rootDeps != nil {
		f.paths = append(f.paths, r.rootDeps.Names()...)
	}
	for _, id := range r.order {
		deps := r.deps[id]
		if deps == nil || deps.Broken() {
			f.complete = false
			continue
		}
		f.paths = append(f.paths, deps.Names()...)
		f.listed = append(f.listed, deps.Listed()...)
	}
	return f
}

// build renders every active section and joins them.
func (r *run) build(ctx context.Context) (*Result, error) {
	p := r.plan
	// The plan's reports are shared by every run of it: the Result gets its
	// own copies, so a reader that changes its Result cannot reach the plan.
	res := &Result{Pipeline: p.spec.Name, Layers: cloneNonNil(p.spec.Layers), Overrides: cloneNonNil(p.spec.Overrides)}
	shaped := p.budget != nil || p.frame != nil
	var states []*secState
	for i, sp := range p.sections {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sec := Section{ID: sp.id, Doc: sp.spec.Doc, Active: true, Uses: sp.uses, Volatile: sp.spec.Volatile, Origins: []prov.Origin{}}
		sec.Layer = p.spec.addedBy(sp.id)
		sec.Labels = maps.Clone(sp.spec.Labels)
		if sp.spec.Disabled {
			sec.Active, sec.Disabled = false, true
			sec.DisabledBy = p.spec.KeyPos("/sections/" + yamlpos.Escape(sp.id) + "/disabled").String()
			res.Sections = append(res.Sections, sec)
			continue
		}
		if sp.when != nil {
			sec.When = sp.when.Source()
			vals, err := r.values(ctx, sp.when.Deps())
			if err != nil {
				return nil, err
			}
			ok, err := sp.when.EvalBool(vals)
			if err != nil {
				return nil, r.exprErr("/sections/"+sp.id+"/when", err)
			}
			sec.Active = ok
			if !ok {
				sec.FalseTerms = r.falseTerms(ctx, sp.when)
			}
		}
		switch {
		case sec.Active && shaped:
			st, err := r.newState(ctx, i, sp)
			if err != nil {
				return nil, err
			}
			states = append(states, st)
		case sec.Active:
			if err := r.render(ctx, sp, &sec); err != nil {
				return nil, err
			}
		}
		res.Sections = append(res.Sections, sec)
	}
	if shaped {
		if err := r.finishShaped(ctx, res, states); err != nil {
			return nil, err
		}
	}
	r.join(res)
	r.report(res)
	res.Diagnostics = append(res.Diagnostics, r.flagOutside()...)
	return res, nil
}

// render renders an active section's template into sec. In a Builder, a
// section rendered last time from the same inputs (the same generation of
// every source output it uses, equal param values) is not rendered again.
func (r *run) render(ctx context.Context, sp *sectionPlan, sec *Section) error {
	vals, err := r.values(ctx, sp.uses)
	if err != nil {
		return err
	}
	var inputs []any
	if r.memo != nil {
		inputs = make([]any, len(sp.uses))
		for i, n := range sp.uses {
			if g, ok := r.gens[n]; ok {
				inputs[i] = g
			} else {
				inputs[i] = vals[n]
			}
		}
		if e, ok := r.memo.section(sp.id, inputs); ok {
			sec.Text, sec.Origins = e.text, e.origins
			return nil
		}
	}
	text, err := sp.tmpl.RenderMemo(vals, r.memo.rangeMemo(sp.id))
	if err != nil {
		return r.renderErr("/sections/"+sp.id+"/template", err)
	}
	sec.Text = text
	sec.Origins = r.originsOf(sp.uses)
	if r.memo != nil {
		r.memo.storeSection(sp.id, sectionEntry{inputs: inputs, text: text, origins: sec.Origins})
	}
	return nil
}

// join assembles the active sections' texts into res.Text with the
// pipeline's join text, first applying the paragraph seam: a section whose
// seam is paragraph loses its own leading and trailing newlines and gets
// exactly as many as make one blank line between it and its neighbours
// (counting the newlines the previous text ends with and the next text
// starts with, at most two each), none before the first section and none
// after the last. Then every section's Start and Bytes locate its text.
func (r *run) join(res *Result) {
	p := r.plan
	var active []int
	for i := range res.Sections {
		if res.Sections[i].Active {
			active = append(active, i)
		}
	}
	if r.memo != nil {
		if r.memo.joined(res, active) {
			return // the same texts as the last build joined
		}
		in := make([]string, len(active))
		for n, i := range active {
			in[n] = res.Sections[i].Text
		}
		defer r.memo.storeJoin(res, active, in)
	}
	var b strings.Builder
	size := 0 // the prompt's size, within the seams' few newlines
	for _, i := range active {
		size += len(p.spec.Join) + len(res.Sections[i].Text) + 4
	}
	b.Grow(size)
	for n, i := range active {
		sec := &res.Sections[i]
		if n > 0 {
			b.WriteString(p.spec.Join)
		}
		if r.paragraph(p.sections[i]) {
			text := strings.Trim(sec.Text, "\n")
			if n > 0 {
				text = strings.Repeat("\n", 2-min(trailingNewlines(b.String()), 2)) + text
			}
			if n+1 < len(active) && !r.paragraph(p.sections[active[n+1]]) {
				next := res.Sections[active[n+1]].Text
				if p.spec.Join != "" {
					next = p.spec.Join + next
				}
				text += strings.Repeat("\n", 2-min(leadingNewlines(next), 2))
			}
			sec.Text = text
		}
		sec.Start, sec.Bytes = b.Len(), len(sec.Text)
		b.WriteString(sec.Text)
	}
	placeInactive(res)
	res.Text = b.String()
}

// placeInactive gives each inactive section the offset where it would
// have been: the end of the active section before it.
func placeInactive(res *Result) {
	offset := 0
	for i := range res.Sections {
		if res.Sections[i].Active {
			offset = res.Sections[i].Start + res.Sections[i].Bytes
		} else {
			res.Sections[i].Start = offset
		}
	}
}

// paragraph reports whether section sp meets its neighbours as a
// paragraph: its own seam, else the pipeline's for sections that layers
// over the pipeline at the bottom of the extends chain added. (A section
// a layer only moves keeps its bytes: the built-in pipelines' parts are
// written to be reordered raw; seam: paragraph on it asks otherwise.)
func (r *run) paragraph(sp *sectionPlan) bool {
	if sp.spec.Seam != "" {
		return sp.spec.Seam == SeamParagraph
	}
	return r.plan.spec.addedBy(sp.id) != "" && r.plan.spec.Seam == SeamParagraph
}

func trailingNewlines(s string) int { return len(s) - len(strings.TrimRight(s, "\n")) }
func leadingNewlines(s string) int  { return len(s) - len(strings.TrimLeft(s, "\n")) }

// report adds the resolved sources and their diagnostics to res.
func (r *run) report(res *Result) {
	res.Sources, res.Diagnostics = []SourceReport{}, diag.List{}
	for _, id := range r.order {
		out := r.outputs[id]
		res.Sources = append(res.Sources, SourceReport{
			ID: id, Kind: r.plan.sources[id].kind.Name(), Value: out.Value,
			Origins: nonNil(out.Origins), Excluded: nonNil(out.Excluded),
			Options: r.options[id], Decision: out.Decision,
			Rank: r.plan.sources[id].rank, Untrusted: r.plan.sources[id].untrusted,
		})
		res.Diagnostics = append(res.Diagnostics, out.Diags...)
	}
}

// fallback renders the pipeline's fallback for a run that failed with
// cause, or returns cause when the fallback's condition does not hold.
func (r *run) fallback(ctx context.Context, cause error) (*Result, error) {
	fb := r.plan.fallback
	if fb.when != nil {
		vals, err := r.values(ctx, fb.when.Deps())
		if err != nil {
			return nil, cause
		}
		ok, err := fb.when.EvalBool(vals)
		if err != nil || !ok {
			return nil, cause
		}
	}
	vals, err := r.values(ctx, fb.uses)
	if err != nil {
		return nil, cause
	}
	text, err := fb.tmpl.Render(vals)
	if err != nil {
		return nil, cause
	}
	res := &Result{Pipeline: r.plan.spec.Name, Text: text, Fallback: true, Sections: []Section{}}
	r.report(res)
	res.Diagnostics = append(res.Diagnostics, diag.Diagnostic{
		Severity: diag.Warning, Code: "run/fallback",
		Message: "the build failed; using the pipeline's fallback text: " + cause.Error(),
	})
	return res, nil
}

// Resolve resolves the named sources (and what they depend on) without
// rendering any section, e.g. for `promptc expand`.
func (p *Plan) Resolve(ctx context.Context, in Input, ids ...string) (map[string]sources.Output, error) {
	r, err := p.newRun(in)
	if err != nil {
		return nil, err
	}
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

// cloneNonNil is a copy of s, empty rather than nil.
func cloneNonNil[T any](s []T) []T {
	return append(make([]T, 0, len(s)), s...)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
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
	busy      map[string]bool
	// reqExtra is the exec_request fields, evaluated once (reqDone).
	reqExtra map[string]any
	reqErr   error
	reqDone  bool
	// cache and memo are a Builder's: sources whose options and
	// file-system facts are unchanged return their previous output.
	cache *fscache.Cache
	memo  *sourceMemo
	// outside are, per resolved source, the warnings about its origins
	// reached through links that leave the roots.
	outside map[string]diag.List
	// gens are, in a Builder, the memo generation of each resolved
	// source's output, and deps the facts it depended on.
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
}

func (p *Plan) newRun(in Input) (*run, error) {
	if err := p.checkNames(in.Params); err != nil {
		return nil, err
	}
	r := &run{plan: p, in: in, vals: map[string]any{}, outputs: map[string]*sources.Output{}, options: map[string]any{}, busy: map[string]bool{}, outside: map[string]diag.List{}, gens: map[string]uint64{}, deps: map[string]*fscache.Deps{}}
	if in.FS != nil {
		fsys, ok := in.FS.(sources.FS)
		if !ok {
			return nil, fmt.Errorf("engine: Input.FS %T lacks Stat, ReadFile, ReadDir or ReadLink", in.FS)
		}
		r.fsys = fsys
	}
	return r, nil
}

func (r *run) values(ctx context.Context, names []string) (map[string]any, error) {
	m := make(map[string]any, len(names))
	for _, n := range names {
		v, err := r.value(ctx, n)
		if err != nil {
			return nil, err
		}
		m[n] = v
	}
	return m, nil
}

func (r *run) value(ctx context.Context, name string) (any, error) {
	if v, ok := r.vals[name]; ok {
		return v, nil
	}
	if name == DeclaredName {
		return r.plan.declared, nil
	}
	if pp, ok := r.plan.params[name]; ok {
		v, err := r.param(ctx, pp)
		if err != nil {
			return nil, err
		}
		r.vals[name] = v
		return v, nil
	}
	sp, ok := r.plan.sources[name]
	if !ok {
		return nil, fmt.Errorf("internal: unknown name %q", name)
	}
	if r.busy[name] {
		return nil, fmt.Errorf("internal: source %q depends on itself", name)
	}
	r.busy[name] = true
	defer delete(r.busy, name)
	opts := reflect.New(sp.proto.Type().Elem())
	opts.Elem().Set(sp.proto.Elem())
	for _, a := range sp.args {
		vals, err := r.values(ctx, a.expr.Deps())
		if err != nil {
			return nil, err
		}
		v, err := a.expr.Eval(vals)
		if err != nil {
			return nil, r.exprErr("/sources/"+name+"/args/"+a.option, err)
		}
		if err := sources.Set(opts.Interface(), a.option, v); err != nil {
			d := optionValueDiag(a.option, err)
			d.Pos = r.plan.spec.Pos("/sources/" + name + "/args/" + a.option)
			return nil, diag.List{d}
		}
	}
	if oc, ok := opts.Interface().(sources.OptionChecker); ok {
		if err := oc.CheckOptions(func(string) bool { return false }); err != nil {
			return nil, r.exprErr("/sources/"+name, fmt.Errorf("source %s: %w", name, err))
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v, err := r.resolve(ctx, name, sp, opts.Interface())
	if err != nil || (!sp.imports && sp.cap == nil) {
		return v, err
	}
	return r.shapeSource(ctx, name, sp)
}

// resolve runs source name's kind with options (or, in a Builder, reuses
// its previous output when the options are equal and every file-system
// fact it depended on still holds), and notes its origins reached through
// links that leave the roots.
func (r *run) resolve(ctx context.Context, name string, sp *sourcePlan, options any) (any, error) {
	rs, err := r.rootSet(ctx)
	if err != nil {
		return nil, err
	}
	memoize := r.memo != nil && !sp.confine // confinement checks links outside the tracked reads
	key := memoOptions{options, rs.key()}
	if memoize {
		if e := r.memo.lookup(r.cache, name, key); e != nil {
			r.record(name, options, e.out, e.outside)
			r.gens[name], r.deps[name] = e.gen, e.deps
			return e.out.Value, nil
		}
	}
	r.recomputed = true
	if !memoize {
		r.unknownFacts = true
	}
	var env sources.Env
	var tracker *fscache.Tracker
	if r.fsys != nil {
		rfs := runFS{FS: r.fsys, read: &r.read, max: r.in.MaxReadBytes}
		if memoize {
			tracker = r.cache.Track()
			rfs.FS = tracker
		} else if rs != nil {
			rfs.res = rs.res // the kind resolves with the run's checks' Resolver
		}
		if sp.confine {
			rfs.rs = rs
		}
		env.FS = rfs
	}
	out, err := sp.kind.Resolve(ctx, env, options)
	if err != nil {
		return nil, fmt.Errorf("source %s: %w", name, err)
	}
	var outside diag.List
	if rs != nil {
		res := rs.res // the run's, shared by its sources
		if tracker != nil {
			res = sources.NewResolver(tracker) // the links are facts of this source
		}
		outside = rs.flag(out.Origins, res)
	}
	if memoize {
		r.gens[name] = r.memo.store(name, key, out, tracker.Deps(), outside).gen
		r.deps[name] = tracker.Deps()
	}
	r.record(name, options, out, outside)
	return out.Value, nil
}

// record notes a resolved source in the run.
func (r *run) record(name string, options any, out sources.Output, outside diag.List) {
	r.outputs[name] = &out
	r.options[name] = options
	r.order = append(r.order, name)
	r.vals[name] = out.Value
	r.outside[name] = outside
}

// falseTerms evaluates the conjuncts of a false condition that read only
// params and sources the run already resolved, and returns those that are
// false. It resolves nothing new, so a report never changes what a run
// read; a conjunct that fails to evaluate is left out.
func (r *run) falseTerms(ctx context.Context, when *conditions.Expr) []string {
	var out []string
	for _, t := range when.Terms() {
		ready := true
		for _, d := range t.Deps() {
			_, isParam := r.plan.params[d]
			_, resolved := r.outputs[d]
			ready = ready && (isParam || resolved || d == DeclaredName)
		}
		if !ready {
			continue
		}
		vals, err := r.values(ctx, t.Deps())
		if err != nil {
			continue
		}
		if ok, err := t.EvalBool(vals); err == nil && !ok {
			out = append(out, t.Source())
		}
	}
	return out
}

func (r *run) originsOf(names []string) []prov.Origin {
	var out []prov.Origin
	for _, n := range names {
		if o, ok := r.outputs[n]; ok {
			out = append(out, o.Origins...)
		}
	}
	return nonNil(out)
}

// renderErr positions a failed render: a render that went past a limit at
// the range that was running (or the template), with the limit's message;
// any other failure at the template, with text/template's message.
func (r *run) renderErr(ptr string, err error) error {
	if le, ok := sections.AsLimit(err); ok {
		line := max(le.Line, 1)
		pos, msg := r.plan.spec.templateAt(ptr, line, 0, le.Msg)
		return diag.List{{Severity: diag.Error, Code: "template/limit", Pos: pos, Message: msg}}
	}
	return r.exprErr(ptr, fmt.Errorf("%s", templateErr(err)))
}

// exprErr positions a run-time failure of a pipeline expression.
func (r *run) exprErr(pointer string, err error) error {
	return diag.List{{Severity: diag.Error, Code: "run", Pos: r.plan.spec.Pos(pointer), Message: err.Error()}}
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
