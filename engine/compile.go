package engine

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sections"
	"github.com/promptc/promptc/sources"
)

// Plan is a compiled pipeline. It is immutable and safe for concurrent use:
// every Run keeps its state to itself.
type Plan struct {
	spec     *spec.Spec
	params   map[string]*paramPlan
	sources  map[string]*sourcePlan
	sections []*sectionPlan // output order
	fallback *fallbackPlan  // nil without a fallback
	roots    *rootsPlan     // nil without roots
	declared Declared
	// transforms are the run-scoped transforms in registration order,
	// disabled ones left out; execRequest the extra request fields.
	transforms  []*transformPlan
	execRequest []requestField
	budget      *budgetPlan // nil without a budget or any cap
	frame       *framePlan  // nil without a frame
	// usesRoots: a source reads within the roots (it is confined, or its
	// files import others), so every run looks them up.
	usesRoots bool
	// runs are finished runs' states, whose maps and slices the next run
	// of the plan (or of a plan focused from it) reuses (newRun, release).
	runs *sync.Pool
}

type fallbackPlan struct {
	when *conditions.Expr
	tmpl *sections.Template
	uses []string
}

type paramPlan struct {
	name    string
	typ     reflect.Type
	spec    spec.ParamSpec
	def     any
	defExpr *conditions.Expr // DefaultExpr, compiled; nil without one
}

type sourcePlan struct {
	id      string
	kind    sources.Kind
	proto   reflect.Value // *Options with `with:` applied
	args    []argPlan
	confine bool // reads through links that leave the roots are refused
	// cap, untrusted, imports and rank shape the value (compile_budget.go).
	cap       *capPlan
	untrusted bool
	imports   bool
	rank      string
}

type argPlan struct {
	option string
	index  []int // the option's field (sources.OptionIndex)
	expr   *conditions.Expr
}

type sectionPlan struct {
	id   string
	spec spec.SectionSpec
	when *conditions.Expr
	tmpl *sections.Template
	uses []string // params and sources read by when and template, sorted
	// priority, locked, cap and untrusted drive budgets and frames.
	priority  int
	locked    bool
	cap       *capPlan
	untrusted bool
}

// Spec returns the spec the plan was compiled from.
func (p *Plan) Spec() *spec.Spec { return p.spec }

// SectionIDs returns the section ids in output order.
func (p *Plan) SectionIDs() []string {
	out := make([]string, len(p.sections))
	for i, s := range p.sections {
		out[i] = s.id
	}
	return out
}

var typeOfString = reflect.TypeFor[string]()

var paramTypes = map[string]reflect.Type{
	"string": reflect.TypeFor[string](),
	"bool":   reflect.TypeFor[bool](),
	"int":    reflect.TypeFor[int](),
	"list":   reflect.TypeFor[[]string](),
	"map":    reflect.TypeFor[map[string]any](),
}

// Compile checks spec against the registry and builds a Plan. All problems
// found are returned together; the plan is nil when any is an error. The
// warnings include every override that changes nothing (overrideEffects).
func Compile(ps *spec.Spec, reg *Registry) (*Plan, diag.List) {
	c := &compiler{spec: ps, reg: reg, plan: &Plan{
		spec:    ps,
		params:  map[string]*paramPlan{},
		sources: map[string]*sourcePlan{},
		runs:    &sync.Pool{},
	}, types: conditions.Types{}}
	c.compileParams()
	c.compileDefaultExprs()
	c.compileBindings()
	c.declareSources()
	c.compileDeclared()
	c.compileArgs()
	c.checkSourceCycles()
	c.compileSections()
	c.checkFinal()
	c.compileFallback()
	c.compileRoots()
	c.compileTransforms()
	c.checkTransformLocks()
	c.compileExecRequest()
	c.compileBudget()
	c.checkExplain()
	c.checkExpand()
	for _, sp := range c.plan.sources {
		c.plan.usesRoots = c.plan.usesRoots || sp.confine || sp.imports
	}
	if c.diags.HasErrors() {
		return nil, c.diags
	}
	return c.plan, append(c.diags, c.plan.overrideEffects()...) // overrides that change nothing
}

type compiler struct {
	spec  *spec.Spec
	reg   *Registry
	plan  *Plan
	types conditions.Types
	diags diag.List
	fmap  template.FuncMap // built once per compile: sprig's map is large
}

func (c *compiler) funcs() template.FuncMap {
	if c.fmap == nil {
		c.fmap = sections.Funcs()
	}
	return c.fmap
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (c *compiler) declareSources() {
	for _, id := range sortedKeys(c.spec.Sources) {
		ss := c.spec.Sources[id]
		ptr := "/sources/" + id
		if _, clash := c.spec.Params[id]; clash {
			c.diags.Errorf(c.spec.KeyPos(ptr), "source", "source %q has the same name as a param", id)
			continue
		}
		kind, ok := c.reg.Kind(ss.Kind)
		if !ok {
			d := diag.Diagnostic{Severity: diag.Error, Code: "source/kind", Pos: c.spec.Pos(ptr + "/kind"),
				Message: fmt.Sprintf("unknown source kind %q (known: %s)", ss.Kind, strings.Join(c.reg.Names(), ", "))}
			if s := diag.DidYouMean(ss.Kind, c.reg.Names()); s != "" {
				d.Hint = fmt.Sprintf("did you mean %q?", s)
			}
			c.diags = append(c.diags, d)
			continue
		}
		opts := kind.Options()
		fields := sources.FieldNames(opts)
		valid := true
		for _, key := range sortedKeys(ss.With) {
			if err := sources.Set(opts, key, ss.With[key]); err != nil {
				c.optionError(ptr+"/with/"+key, ss.Kind, key, fields, err)
				valid = false
			}
		}
		if oc, ok := opts.(sources.OptionChecker); ok && valid {
			pending := func(name string) bool { _, ok := ss.Args[name]; return ok }
			if err := oc.CheckOptions(pending); err != nil {
				c.diags.Errorf(c.spec.KeyPos(ptr), "source/option", "source %s: %v", id, err)
			}
		}
		for _, key := range sortedKeys(ss.Args) {
			if _, dup := ss.With[key]; dup {
				c.diags.Errorf(c.spec.KeyPos(ptr+"/args/"+key), "source/option", "option %q is set in both with: and args:", key)
			}
		}
		c.plan.sources[id] = &sourcePlan{id: id, kind: kind, proto: reflect.ValueOf(opts)}
		c.types[id] = kind.ValueType()
	}
}

func (c *compiler) optionError(ptr, kind, key string, fields []string, err error) {
	d := diag.Diagnostic{Severity: diag.Error, Code: "source/option"}
	if errors.Is(err, sources.ErrUnknownOption) {
		d.Pos = c.spec.KeyPos(ptr)
		d.Message = fmt.Sprintf("source kind %s has no option %q (options: %s)", kind, key, strings.Join(fields, ", "))
		if s := diag.DidYouMean(key, fields); s != "" {
			d.Hint = fmt.Sprintf("did you mean %q?", s)
		}
	} else {
		d = optionValueDiag(key, err)
		d.Pos = c.spec.Pos(ptr + optionPointer(err))
	}
	c.diags = append(c.diags, d)
}

// optionValueDiag describes a value that does not fit option key: it
// names the bad part inside the value and, for a value outside a fixed
// set, suggests the closest allowed one.
func optionValueDiag(key string, err error) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, Code: "source/option"}
	name := key
	var ve *sources.ValueError
	if errors.As(err, &ve) && ve.Path != "" {
		if strings.HasPrefix(ve.Path, "[") {
			name += ve.Path
		} else {
			name += "." + ve.Path
		}
	}
	d.Message = fmt.Sprintf("option %q: %v", name, err)
	var ee *sources.EnumError
	if errors.As(err, &ee) {
		if s := diag.DidYouMean(ee.Value, ee.Allowed); s != "" {
			d.Hint = fmt.Sprintf("did you mean %q?", s)
		}
	}
	return d
}

// optionPointer is the JSON-pointer suffix of the bad part of a value.
func optionPointer(err error) string {
	var ve *sources.ValueError
	if errors.As(err, &ve) {
		return ve.PointerSuffix()
	}
	return ""
}

func (c *compiler) compileArgs() {
	for _, id := range sortedKeys(c.plan.sources) {
		sp := c.plan.sources[id]
		ss := c.spec.Sources[id]
		fieldTypes := sources.Fields(sp.proto.Interface())
		fields := sources.FieldNames(sp.proto.Interface())
		types := conditions.Types{}
		for n, t := range c.types {
			if n != id {
				types[n] = t
			}
		}
		env := conditions.NewEnv(types)
		for _, key := range sortedKeys(ss.Args) {
			ptr := "/sources/" + id + "/args/" + key
			ft, ok := fieldTypes[key]
			if !ok {
				c.optionError(ptr, ss.Kind, key, fields, sources.ErrUnknownOption)
				continue
			}
			e, ds := env.Compile(ss.Args[key], conditions.Any, c.spec.Pos(ptr))
			c.diags = append(c.diags, ds...)
			if e == nil {
				continue
			}
			if got := e.Type(); !fits(got, ft) {
				c.diags.Errorf(c.spec.Pos(ptr), "source/option", "option %q wants %s, the expression gives %s", key, ft, got)
				continue
			}
			index, _ := sources.OptionIndex(sp.proto.Interface(), key) // found: fieldTypes has it
			sp.args = append(sp.args, argPlan{option: key, index: index, expr: e})
		}
	}
}

// fits reports whether an expression of type got may be assigned to an
// option of type want (after the run-time conversion Set does).
func fits(got, want reflect.Type) bool {
	if got == nil || got.Kind() == reflect.Interface || got.AssignableTo(want) {
		return true
	}
	switch want.Kind() {
	case reflect.Slice:
		return got.Kind() == reflect.Slice || got.Kind() == reflect.Array
	case reflect.Int, reflect.Int64:
		return got.Kind() >= reflect.Int && got.Kind() <= reflect.Float64
	case reflect.Pointer:
		return fits(got, want.Elem())
	}
	return got.Kind() == want.Kind()
}

func (c *compiler) checkSourceCycles() {
	var nodes []node
	edges := map[string][]string{}
	for _, id := range sortedKeys(c.plan.sources) {
		nodes = append(nodes, node{id: id})
		for _, a := range c.plan.sources[id].args {
			for _, dep := range a.expr.Deps() {
				if _, isSource := c.plan.sources[dep]; isSource {
					edges[dep] = append(edges[dep], id)
				}
			}
		}
	}
	if _, cycle := topoSort(nodes, edges); cycle != nil {
		c.diags.Errorf(c.spec.KeyPos("/sources/"+cycle[0]), "dag/cycle", "sources depend on each other in a cycle: %s", strings.Join(cycle, " -> "))
	}
}

func (c *compiler) compileSections() {
	funcs := c.funcs()
	ids := sortedKeys(c.spec.Sections)
	var nodes []node
	edges := map[string][]string{}
	plans := map[string]*sectionPlan{}
	whenEnv := conditions.NewEnv(c.types)
	for _, id := range ids {
		ss := c.spec.Sections[id]
		ptr := "/sections/" + id
		sp := &sectionPlan{id: id, spec: ss}
		uses := map[string]bool{}
		if ss.When != "" {
			e, ds := whenEnv.Compile(ss.When, conditions.Bool, c.spec.Pos(ptr+"/when"))
			c.diags = append(c.diags, ds...)
			sp.when = e
			if e != nil {
				for _, d := range e.Deps() {
					uses[d] = true
				}
			}
		}
		t, err := sections.Parse(id, ss.Template, funcs)
		if err != nil {
			c.templateError(ptr+"/template", err)
		} else {
			sp.tmpl = t
			for _, f := range t.Fields() {
				if _, known := c.types[f]; known {
					uses[f] = true
				}
			}
			c.checkRootFields(ptr+"/template", t, c.types)
			c.checkFields(ptr+"/template", t)
		}
		sp.uses = sortedKeys(uses)
		plans[id] = sp
		nodes = append(nodes, node{id: id, order: ss.Order})
		for i, a := range ss.After {
			if c.checkRef(ptr+"/after/"+fmt.Sprint(i), a, ids) {
				edges[a] = append(edges[a], id)
			}
		}
		for i, b := range ss.Before {
			if c.checkRef(ptr+"/before/"+fmt.Sprint(i), b, ids) {
				edges[id] = append(edges[id], b)
			}
		}
	}
	order, cycle := topoSort(nodes, edges)
	if cycle != nil {
		c.diags.Errorf(c.spec.KeyPos("/sections/"+cycle[0]), "dag/cycle", "section ordering has a cycle: %s", strings.Join(cycle, " -> "))
		return
	}
	for _, id := range order {
		c.plan.sections = append(c.plan.sections, plans[id])
	}
}

func (c *compiler) checkRef(ptr, ref string, ids []string) bool {
	if _, ok := c.spec.Sections[ref]; ok {
		return true
	}
	d := diag.Diagnostic{Severity: diag.Error, Code: "dag/ref", Pos: c.spec.Pos(ptr), Message: fmt.Sprintf("unknown section %q", ref)}
	if s := diag.DidYouMean(ref, ids); s != "" {
		d.Hint = fmt.Sprintf("did you mean %q?", s)
	}
	c.diags = append(c.diags, d)
	return false
}

func (c *compiler) checkExplain() {
	for _, kv := range c.spec.Explain.Roles() {
		if _, ok := c.plan.sources[kv[1]]; !ok {
			c.diags.Errorf(c.spec.Pos("/explain/"+kv[0]), "explain", "unknown source %q", kv[1])
		}
	}
}

func (c *compiler) checkExpand() {
	for key, id := range map[string]string{"skills": c.spec.Expand.Skills, "templates": c.spec.Expand.Templates} {
		if id == "" {
			continue
		}
		if _, ok := c.plan.sources[id]; !ok {
			d := diag.Diagnostic{Severity: diag.Error, Code: "expand", Pos: c.spec.Pos("/expand/" + key), Message: fmt.Sprintf("unknown source %q", id)}
			if s := diag.DidYouMean(id, sortedKeys(c.plan.sources)); s != "" {
				d.Hint = fmt.Sprintf("did you mean %q?", s)
			}
			c.diags = append(c.diags, d)
		}
	}
	c.diags.SortByPos()
}

// templateError positions a template parse error (see templateAt).
func (c *compiler) templateError(ptr string, err error) {
	msg := templateErr(err)
	pos := c.spec.Pos(ptr)
	// text/template: "ID:LINE: message"
	if parts := strings.SplitN(msg, ":", 3); len(parts) == 3 {
		if line, perr := strconv.Atoi(parts[1]); perr == nil {
			pos, msg = c.templateAt(ptr, line, 0, strings.TrimPrefix(parts[2], " "))
		}
	}
	d := diag.Diagnostic{Severity: diag.Error, Code: "template", Pos: pos, Message: msg}
	if name, ok := strings.CutPrefix(msg, `function "`); ok {
		if name, _, _ = strings.Cut(name, `"`); sections.Removed(name) {
			d.Hint = fmt.Sprintf("sprig's %s is left out: its result depends on the clock, the time zone or randomness, and prompts must be reproducible", name)
		}
	}
	c.diags = append(c.diags, d)
}

func (c *compiler) templateAt(ptr string, line, col int, msg string) (diag.Pos, string) {
	return c.spec.TemplateAt(ptr, line, col, msg)
}

// checkFields rejects field chains the template's data cannot have, with a
// did-you-mean hint, so that a typo fails at validate time and not in the
// middle of a run.
func (c *compiler) checkFields(ptr string, t *sections.Template) {
	for _, e := range t.CheckFields(c.types, diag.DidYouMean) {
		pos, msg := c.templateAt(ptr, e.Line, e.Column, e.Error())
		d := diag.Diagnostic{Severity: diag.Error, Code: "template", Pos: pos, Message: msg}
		if e.Suggestion != "" {
			d.Hint = fmt.Sprintf("did you mean %q?", e.Suggestion)
		}
		c.diags = append(c.diags, d)
	}
}

// checkRootFields rejects `.name` references on the template's root data
// that name no param or source: such a template could only fail at run
// time.
func (c *compiler) checkRootFields(ptr string, t *sections.Template, types conditions.Types) {
	names := sortedKeys(types)
	for _, f := range t.RootFields() {
		if _, ok := types[f]; ok {
			continue
		}
		d := diag.Diagnostic{Severity: diag.Error, Code: "template", Pos: c.spec.Pos(ptr),
			Message: fmt.Sprintf("the template reads .%s, which is no param or source", f)}
		if s := diag.DidYouMean(f, names); s != "" {
			d.Hint = fmt.Sprintf("did you mean %q?", s)
		}
		c.diags = append(c.diags, d)
	}
}

// templateErr drops text/template's "template: id:" prefix, since the
// diagnostic is already positioned.
func templateErr(err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "template: ")
	return msg
}
