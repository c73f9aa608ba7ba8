package engine

import (
	"context"
	"fmt"
	"reflect"
	"slices"

	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
)

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

// env returns what expression e reads: the values of its Deps, each
// resolved. An expression that reads them only by name is given the
// run's own map of values (which holds them, and every param and source
// resolved so far), so no map is made per evaluation; one that reads
// $env gets a map of its Deps alone, as ever.
func (r *run) env(ctx context.Context, e *conditions.Expr) (map[string]any, error) {
	if !e.ByName() {
		return r.values(ctx, e.Deps())
	}
	for _, n := range e.Deps() {
		if _, err := r.value(ctx, n); err != nil {
			return nil, err
		}
	}
	return r.vals, nil
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
	if slices.Contains(r.busy, name) {
		return nil, fmt.Errorf("internal: source %q depends on itself", name)
	}
	r.busy = append(r.busy, name)
	defer func() { r.busy = r.busy[:len(r.busy)-1] }()
	opts := reflect.New(sp.proto.Type().Elem())
	opts.Elem().Set(sp.proto.Elem())
	for _, a := range sp.args {
		vals, err := r.env(ctx, a.expr)
		if err != nil {
			return nil, err
		}
		v, err := a.expr.EvalIn(&r.machine, vals)
		if err != nil {
			return nil, r.exprErr("/sources/"+name+"/args/"+a.option, err)
		}
		if err := sources.SetIndexed(opts.Interface(), a.index, v); err != nil {
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
	if rs != nil && (!r.in.NoProvenance || memoize) {
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
	if len(outside) > 0 {
		if r.outside == nil {
			r.outside = map[string]diag.List{}
		}
		r.outside[name] = outside
	}
}
