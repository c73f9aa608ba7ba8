package engine

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// CodeOutsideRoots is the warning for a file read through a symbolic link
// that leads outside the pipeline's roots.
const CodeOutsideRoots = "file/outside-roots"

type rootsPlan struct {
	project *conditions.Expr
	others  []*conditions.Expr
}

// compileRoots compiles the roots' expressions against the params, and
// decides which sources are confined.
func (c *compiler) compileRoots() {
	rs := c.spec.Roots
	for _, id := range sortedKeys(c.plan.sources) {
		sp := c.plan.sources[id]
		switch cf := c.spec.Sources[id].Confine; {
		case cf != nil && rs == nil:
			c.diags.Errorf(c.spec.Pos("/sources/"+id+"/confine"), "roots", "source %s is confined, but the pipeline declares no roots", id)
		case cf != nil:
			sp.confine = *cf
		case rs != nil:
			sp.confine = rs.Confine
		}
	}
	if rs == nil {
		return
	}
	params := conditions.Types{}
	for name := range c.plan.params {
		params[name] = c.types[name]
	}
	env := conditions.NewEnv(params)
	compile := func(src, ptr string) *conditions.Expr {
		e, ds := env.Compile(src, conditions.Any, c.spec.Pos(ptr))
		c.diags = append(c.diags, ds...)
		if e != nil && e.Type() != nil && e.Type().Kind() != 0 && !fits(e.Type(), typeOfString) {
			c.diags.Errorf(c.spec.Pos(ptr), "roots", "a root is a directory path (a string), the expression gives %s", e.Type())
			return nil
		}
		return e
	}
	rp := &rootsPlan{project: compile(rs.Project, "/roots/project")}
	for i, o := range rs.Others {
		if e := compile(o, fmt.Sprintf("/roots/others/%d", i)); e != nil {
			rp.others = append(rp.others, e)
		}
	}
	c.plan.roots = rp
}

// rootSet is a run's roots as real paths; project is the project root.
type rootSet struct {
	project string
	all     []string
	fsys    sources.FS
	res     *sources.Resolver
}

// roots evaluates the pipeline's roots once per run (nil without roots).
func (r *run) rootSet(ctx context.Context) (*rootSet, error) {
	if r.plan.roots == nil || r.fsys == nil {
		return nil, nil
	}
	if r.rootsDone {
		return r.roots, nil
	}
	fsys := r.fsys
	if r.memo != nil { // a Builder's watcher must know what the roots depend on
		t := r.cache.Track()
		fsys, r.rootDeps = t, t.Deps()
	}
	// The roots are looked up (each a walk up to the project's marker
	// and a realpath) only for a run that uses them: one with a confined
	// or importing source, a Builder's (its memo compares them), or one
	// that keeps provenance (its warnings of links out). Any other run
	// evaluates their expressions alone, for the same errors.
	walk := r.memo != nil || !r.in.NoProvenance || r.plan.usesRoots
	rs := &rootSet{fsys: fsys, res: sources.NewResolver(fsys)}
	eval := func(e *conditions.Expr, ptr string) (string, error) {
		vals, err := r.env(ctx, e)
		if err != nil {
			return "", err
		}
		v, err := e.EvalIn(&r.machine, vals)
		if err != nil {
			return "", r.exprErr(ptr, err)
		}
		s, _ := v.(string)
		if s == "" || s[0] != '/' {
			return "", nil
		}
		return s, nil
	}
	if r.plan.roots.project != nil {
		p, err := eval(r.plan.roots.project, "/roots/project")
		if err != nil {
			return nil, err
		}
		if p != "" && walk {
			rs.project = rs.real(sources.ProjectRoot(r.fsys, p))
			rs.all = append(rs.all, rs.project)
		}
	}
	for i, e := range r.plan.roots.others {
		p, err := eval(e, fmt.Sprintf("/roots/others/%d", i))
		if err != nil {
			return nil, err
		}
		if p != "" && walk {
			rs.all = append(rs.all, rs.real(p))
		}
	}
	if !walk {
		rs = nil
	}
	r.roots, r.rootsDone = rs, true
	return rs, nil
}

func (rs *rootSet) real(p string) string {
	if real, err := rs.res.Realpath(p); err == nil {
		return real
	}
	return path.Clean(p)
}

// outside returns the real path of abs when abs is reached through a
// symbolic link that leads outside every root.
func (rs *rootSet) outside(abs string) (string, bool) {
	return rs.outsideWith(rs.res, abs)
}

// outsideWith is outside, resolving links with res.
func (rs *rootSet) outsideWith(res *sources.Resolver, abs string) (string, bool) {
	if rs == nil || len(rs.all) == 0 || !strings.HasPrefix(abs, "/") {
		return "", false
	}
	real, err := res.Realpath(abs)
	if err != nil || real == abs || real == path.Clean(abs) { // a realpath is clean: abs == real needs no Clean
		return "", false
	}
	for _, root := range rs.all {
		if sources.Within(real, root) {
			return "", false
		}
	}
	return real, true
}

// describe names the roots for a warning.
func (rs *rootSet) describe() string {
	s := "the project (" + rs.project + ")"
	if len(rs.all) > 1 {
		s += " and " + strings.Join(rs.all[1:], ", ")
	}
	return s
}

// key identifies the roots for memo comparisons ("" without roots).
func (rs *rootSet) key() string {
	if rs == nil {
		return ""
	}
	return strings.Join(rs.all, "\x00")
}

// flag returns a warning for every origin reached through a link that
// leads outside the roots, resolving links with res.
func (rs *rootSet) flag(origins []prov.Origin, res *sources.Resolver) diag.List {
	if len(rs.all) == 0 {
		return nil
	}
	var out diag.List
	for _, o := range origins {
		if real, ok := rs.outsideWith(res, o.Path); ok {
			out.Warnf(o.Path, CodeOutsideRoots, "%s is a link to %s, outside %s", o.Path, real, rs.describe())
		}
	}
	return out
}

// flagOutside gathers the resolved sources' warnings about links that
// leave the roots, once per path.
func (r *run) flagOutside() diag.List {
	var out diag.List
	seen := map[string]bool{}
	for _, id := range r.order {
		for _, d := range r.outside[id] {
			if !seen[d.Path] {
				seen[d.Path] = true
				out = append(out, d)
			}
		}
	}
	return out
}
