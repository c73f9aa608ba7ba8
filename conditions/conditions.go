// Package conditions compiles the expressions of a pipeline: section `when:`
// conditions and source `args:`. Expressions are github.com/expr-lang/expr
// programs compiled once against a typed environment (the pipeline's params
// and sources), so an unknown name or a type error is a compile-time
// diagnostic positioned in the pipeline file. Compiled expressions are
// immutable and safe for concurrent use.
package conditions

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"github.com/promptc/promptc/diag"
)

// Types describes the environment: every name an expression may use and
// the Go type of its value.
type Types map[string]reflect.Type

// env builds the value expr type-checks against: a zero value per name.
func (t Types) env() map[string]any {
	m := make(map[string]any, len(t))
	for name, typ := range t {
		m[name] = reflect.Zero(typ).Interface()
	}
	return m
}

// Expr is a compiled expression.
type Expr struct {
	src  string
	prog *vm.Program
	deps []string
	// byName: the program reads its environment only name by name (no
	// $env), so any map holding the Deps' values evaluates it alike.
	byName bool
	// terms compiles the conjuncts of a condition on first use (only a
	// false section's condition needs them); nil for other expressions.
	terms func() []*Expr
}

// Source returns the expression text as written.
func (e *Expr) Source() string { return e.src }

// Deps returns the environment names the expression reads, sorted.
func (e *Expr) Deps() []string { return e.deps }

// Want says what an expression must evaluate to.
type Want int

const (
	// Any accepts any result type.
	Any Want = iota
	// Bool requires a boolean (conditions).
	Bool
)

// Compile compiles src against types. at is the position of the YAML
// scalar holding src; expr's own line and column are added to it. To
// compile many expressions against the same types, use an Env.
func Compile(src string, types Types, want Want, at diag.Pos) (*Expr, diag.List) {
	return NewEnv(types).Compile(src, want, at)
}

// Terms returns, for a condition that is a conjunction (a && b && ...),
// each conjunct compiled on its own, in source order; their Source is the
// conjunct as expr prints it. A condition that is not a conjunction has no
// terms. Terms let a run say which part of a false condition was false.
func (e *Expr) Terms() []*Expr {
	if e.terms == nil {
		return nil
	}
	return e.terms()
}

// conjuncts splits src at its top-level && operators and compiles each
// part against env. A part that does not compile on its own is left out.
func conjuncts(src string, env *Env) []*Expr {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	var parts []ast.Node
	var split func(n ast.Node)
	split = func(n ast.Node) {
		if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "&&" || b.Operator == "and") {
			split(b.Left)
			split(b.Right)
			return
		}
		parts = append(parts, n)
	}
	split(tree.Node)
	if len(parts) < 2 {
		return nil
	}
	var out []*Expr
	for _, n := range parts {
		text := n.String()
		prog, err := env.program(text, Bool)
		if err != nil {
			continue
		}
		out = append(out, newExpr(text, prog, env.types))
	}
	return out
}

// ByName reports whether e reads its environment only name by name (it
// does not use $env, the environment as a whole): then Eval over any map
// that holds the same values for every name in Deps gives the same
// result, whatever else the map holds.
func (e *Expr) ByName() bool { return e.byName }

// Eval runs e over vals, which must hold a value for every name in Deps
// (and no other name, unless ByName).
func (e *Expr) Eval(vals map[string]any) (any, error) {
	return expr.Run(e.prog, vals)
}

// Machine runs expressions one after another, reusing what each run
// needs (expr's VM and its stack) instead of making it per evaluation.
// A Machine is for one goroutine at a time; its zero value is ready.
type Machine struct{ vm vm.VM }

// EvalIn is Eval on machine m (nil: a machine of its own).
func (e *Expr) EvalIn(m *Machine, vals map[string]any) (any, error) {
	if m == nil {
		return e.Eval(vals)
	}
	return m.vm.Run(e.prog, vals)
}

// EvalBool runs a condition compiled with Bool.
func (e *Expr) EvalBool(vals map[string]any) (bool, error) {
	return e.EvalBoolIn(nil, vals)
}

// EvalBoolIn is EvalBool on machine m (nil: a machine of its own).
func (e *Expr) EvalBoolIn(m *Machine, vals map[string]any) (bool, error) {
	out, err := e.EvalIn(m, vals)
	if err != nil {
		return false, err
	}
	b, ok := out.(bool)
	if !ok {
		return false, fmt.Errorf("condition %q gave %T, want bool", e.src, out)
	}
	return b, nil
}

// offset adds expr's 1-based line and 0-based column to the scalar's start.
func offset(at diag.Pos, line, col int) diag.Pos {
	if at.Line == 0 || line == 0 {
		return at
	}
	if line == 1 {
		return diag.Pos{File: at.File, Line: at.Line, Column: at.Column + col}
	}
	return diag.Pos{File: at.File, Line: at.Line + line - 1, Column: col + 1}
}

type identVisitor struct {
	types Types
	seen  map[string]bool
	// whole: the program names $env, the environment as a whole.
	whole bool
}

func (v *identVisitor) Visit(n *ast.Node) {
	if id, ok := (*n).(*ast.IdentifierNode); ok {
		if _, known := v.types[id.Value]; known {
			v.seen[id.Value] = true
		}
		if id.Value == "$env" {
			v.whole = true
		}
	}
}

// newExpr is the Expr of a compiled program: its Deps, and whether it
// reads its environment only by name.
func newExpr(src string, p *vm.Program, types Types) *Expr {
	v := &identVisitor{types: types, seen: map[string]bool{}}
	root := p.Node()
	ast.Walk(&root, v)
	out := make([]string, 0, len(v.seen))
	for name := range v.seen {
		out = append(out, name)
	}
	sort.Strings(out)
	return &Expr{src: src, prog: p, deps: out, byName: !v.whole}
}

// suggest offers a known name for expr's "unknown name X" errors.
func suggest(msg string, types Types) string {
	const prefix = "unknown name "
	if !strings.HasPrefix(msg, prefix) {
		return ""
	}
	names := make([]string, 0, len(types))
	for n := range types {
		names = append(names, n)
	}
	if s := diag.DidYouMean(strings.TrimPrefix(msg, prefix), names); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return ""
}

// Type returns the static type of the expression's result, or nil when it
// is only known at run time.
func (e *Expr) Type() reflect.Type { return e.prog.Node().Type() }
