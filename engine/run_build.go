package engine

import (
	"context"
	"maps"

	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/internal/yamlpos"
	"github.com/promptc/promptc/prov"
)

// build renders every active section and joins them.
func (r *run) build(ctx context.Context) (*Result, error) {
	p := r.plan
	// The plan's reports are shared by every run of it: the Result gets its
	// own copies, so a reader that changes its Result cannot reach the plan.
	res := &Result{Pipeline: p.spec.Name, Layers: []spec.LayerReport{}, Overrides: []spec.Override{}}
	if !r.in.NoProvenance {
		res.Layers, res.Overrides = cloneNonNil(p.spec.Layers), cloneNonNil(p.spec.Overrides)
	}
	if len(p.sections) > 0 {
		res.Sections = make([]Section, 0, len(p.sections))
	}
	shaped := p.budget != nil || p.frame != nil
	var states []*secState
	for i, sp := range p.sections {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sec := Section{ID: sp.id, Doc: sp.spec.Doc, Active: true, Uses: sp.uses, Volatile: sp.spec.Volatile, Origins: []prov.Origin{}}
		sec.Layer = p.spec.AddedBy(sp.id)
		if !r.in.NoProvenance {
			sec.Labels = maps.Clone(sp.spec.Labels)
		}
		if sp.spec.Disabled {
			sec.Active, sec.Disabled = false, true
			sec.DisabledBy = p.spec.KeyPos("/sections/" + yamlpos.Escape(sp.id) + "/disabled").String()
			res.Sections = append(res.Sections, sec)
			continue
		}
		if sp.when != nil {
			sec.When = sp.when.Source()
			vals, err := r.env(ctx, sp.when)
			if err != nil {
				return nil, err
			}
			ok, err := sp.when.EvalBoolIn(&r.machine, vals)
			if err != nil {
				return nil, r.exprErr("/sections/"+sp.id+"/when", err)
			}
			sec.Active = ok
			if !ok && !r.in.NoProvenance {
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
	if !r.in.NoProvenance {
		res.Diagnostics = append(res.Diagnostics, r.flagOutside()...)
	}
	return res, nil
}

// render renders an active section's template into sec. In a Builder, a
// section rendered last time from the same inputs (the same generation of
// every source output it uses, equal param values) is not rendered again.
func (r *run) render(ctx context.Context, sp *sectionPlan, sec *Section) error {
	vals, err := r.data(ctx, sp)
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
			sec.Text = e.text
			if !r.in.NoProvenance {
				sec.Origins = e.origins
			}
			return nil
		}
	}
	text, err := sp.tmpl.RenderMemo(vals, r.memo.rangeMemo(sp.id))
	if err != nil {
		return r.renderErr("/sections/"+sp.id+"/template", err)
	}
	sec.Text = text
	if r.memo != nil { // a Builder's memo keeps them for any later run
		origins := r.originsOf(sp.uses)
		r.memo.storeSection(sp.id, sectionEntry{inputs: inputs, text: text, origins: origins})
		if !r.in.NoProvenance {
			sec.Origins = origins
		}
	} else if !r.in.NoProvenance {
		sec.Origins = r.originsOf(sp.uses)
	}
	return nil
}

// data is what section sp's template renders: the values of what it
// uses, each resolved. A template that reads its data only by name
// (sections.Template.ByName) is given the run's own map of values, which
// holds them, so no map is made per render; any other gets a map of its
// uses alone, as ever.
func (r *run) data(ctx context.Context, sp *sectionPlan) (map[string]any, error) {
	if !sp.tmpl.ByName() {
		return r.values(ctx, sp.uses)
	}
	for _, n := range sp.uses {
		if _, err := r.value(ctx, n); err != nil {
			return nil, err
		}
	}
	return r.vals, nil
}

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
		vals, err := r.env(ctx, t)
		if err != nil {
			continue
		}
		if ok, err := t.EvalBoolIn(&r.machine, vals); err == nil && !ok {
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
