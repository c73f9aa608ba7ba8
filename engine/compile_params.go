package engine

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
)

// paramType returns the Go type a param has in expressions and templates:
// the type's value, or a pointer to it for nullable scalars (nil = absent).
func paramType(ps spec.ParamSpec) reflect.Type {
	t := paramTypes[ps.Type]
	if ps.Nullable && t.Kind() != reflect.Slice && t.Kind() != reflect.Map {
		return reflect.PointerTo(t)
	}
	return t
}

func (c *compiler) compileParams() {
	for _, name := range sortedKeys(c.spec.Params) {
		ps := c.spec.Params[name]
		typ := paramType(ps)
		pp := &paramPlan{name: name, typ: typ, spec: ps, def: reflect.Zero(typ).Interface()}
		ptr := "/params/" + name
		if ps.Default != nil && ps.DefaultExpr != "" {
			c.diags.Errorf(c.spec.Pos(ptr+"/default_expr"), "param", "param %q has both default and default_expr", name)
		}
		if ps.Default != nil {
			v, err := coerce(ps.Default, typ)
			if err != nil {
				c.diags.Errorf(c.spec.Pos(ptr+"/default"), "param", "default of param %q: %v", name, err)
			}
			pp.def = v
		}
		c.plan.params[name] = pp
		c.types[name] = typ
	}
}

// compileDefaultExprs compiles default_expr against the other params and
// rejects defaults that depend on each other in a cycle.
func (c *compiler) compileDefaultExprs() {
	var nodes []node
	edges := map[string][]string{}
	for _, name := range sortedKeys(c.plan.params) {
		pp := c.plan.params[name]
		nodes = append(nodes, node{id: name})
		if pp.spec.DefaultExpr == "" {
			continue
		}
		env := conditions.Types{}
		for n, t := range c.types {
			if _, isParam := c.plan.params[n]; isParam && n != name {
				env[n] = t
			}
		}
		ptr := "/params/" + name + "/default_expr"
		e, ds := conditions.Compile(pp.spec.DefaultExpr, env, conditions.Any, c.spec.Pos(ptr))
		c.diags = append(c.diags, ds...)
		if e == nil {
			continue
		}
		if got := e.Type(); !fits(got, pp.typ) {
			c.diags.Errorf(c.spec.Pos(ptr), "param", "default_expr of param %q gives %s, want %s", name, got, pp.typ)
			continue
		}
		pp.defExpr = e
		for _, d := range e.Deps() {
			edges[d] = append(edges[d], name)
		}
	}
	if _, cycle := topoSort(nodes, edges); cycle != nil {
		c.diags.Errorf(c.spec.KeyPos("/params/"+cycle[0]), "dag/cycle", "param defaults depend on each other in a cycle: %s", strings.Join(cycle, " -> "))
	}
}

// CheckParams rejects caller-supplied params the plan does not declare (a
// typo must never be silently ignored) and values that do not fit their
// param's type, first by name. Hosts call it to reject bad input before a
// run; Run checks the same.
func (p *Plan) CheckParams(params map[string]any) error {
	if err := p.checkNames(params); err != nil {
		return err
	}
	for _, name := range p.SortedParams() {
		v, ok := params[name]
		if !ok {
			continue
		}
		if _, err := coerce(v, p.params[name].typ); err != nil {
			return fmt.Errorf("param %s: %w", name, err)
		}
	}
	return nil
}

// UnknownParamError reports a caller-supplied param the pipeline does not
// declare.
type UnknownParamError struct {
	Pipeline, Name string
	// Suggestion is the declared param closest to Name, if any.
	Suggestion string
}

func (e *UnknownParamError) Error() string {
	msg := fmt.Sprintf("pipeline %s has no param %q", e.Pipeline, e.Name)
	if e.Suggestion != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", e.Suggestion)
	}
	return msg
}

// LockedParamError reports a caller-supplied value for a param a layer
// locked: by name (Flag == ""), or through the command-line flag Flag.
type LockedParamError struct {
	Name, LockedBy, Flag string
}

func (e *LockedParamError) Error() string {
	if e.Flag != "" {
		return fmt.Sprintf("--%s sets param %s, which is locked by %s", e.Flag, e.Name, e.LockedBy)
	}
	return fmt.Sprintf("param %s is locked by %s: it cannot be set", e.Name, e.LockedBy)
}

// checkNames fails for the first (in name order) param not declared, or
// locked.
func (p *Plan) checkNames(params map[string]any) error {
	ok := true
	for name := range params {
		if _, declared := p.params[name]; !declared || p.spec.LockedBy("/params/"+name) != "" {
			ok = false
			break
		}
	}
	if ok {
		return nil // the common case: no order to find the first in
	}
	for _, name := range sortedKeys(params) {
		if _, ok := p.params[name]; !ok {
			return &UnknownParamError{Pipeline: p.spec.Name, Name: name, Suggestion: diag.DidYouMean(name, p.SortedParams())}
		}
		if by := p.spec.LockedBy("/params/" + name); by != "" {
			return &LockedParamError{Name: name, LockedBy: by}
		}
	}
	return nil
}
