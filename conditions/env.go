package conditions

import (
	"errors"
	"maps"
	"sync"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/vm"

	"github.com/promptc/promptc/diag"
)

// Env is Types made ready to compile many expressions against: expr's
// configuration (the zero-valued environment it type-checks against, its
// table of builtins) is built once per Want instead of once per
// expression. An Env is for one goroutine at a time; the Exprs it compiles
// are immutable and safe for concurrent use.
type Env struct {
	types   Types
	configs [Bool + 1]*conf.Config
}

// NewEnv returns an Env for a copy of types (whatever the caller adds to
// types later is not seen).
func NewEnv(types Types) *Env {
	return &Env{types: maps.Clone(types)}
}

// config returns expr's configuration for want, made on first use with
// the options expr.Compile would be given.
func (e *Env) config(want Want) *conf.Config {
	if c := e.configs[want]; c != nil {
		return c
	}
	c := conf.CreateNew()
	expr.Env(e.types.env())(c)
	expr.Optimize(true)(c)
	if want == Bool {
		expr.AsBool()(c)
	}
	c.Check()
	e.configs[want] = c
	return c
}

// program is expr.Compile over a configuration made once: parse and check,
// optimize, compile.
func (e *Env) program(src string, want Want) (*vm.Program, error) {
	c := e.config(want)
	tree, err := checker.ParseCheck(src, c)
	if err != nil {
		return nil, err
	}
	if err := optimizer.Optimize(&tree.Node, c); err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			return nil, fe.Bind(tree.Source)
		}
		return nil, err
	}
	return compiler.Compile(tree, c)
}

// Compile compiles src against the Env's types. at is the position of the
// YAML scalar holding src; expr's own line and column are added to it.
func (e *Env) Compile(src string, want Want, at diag.Pos) (*Expr, diag.List) {
	prog, err := e.program(src, want)
	if err != nil {
		var diags diag.List
		d := diag.Diagnostic{Severity: diag.Error, Code: "expr", Pos: at, Message: err.Error()}
		var fe *file.Error
		if errors.As(err, &fe) {
			d.Pos = offset(at, fe.Line, fe.Column)
			d.Message = fe.Message
			d.Hint = suggest(fe.Message, e.types)
		}
		return nil, append(diags, d)
	}
	x := newExpr(src, prog, e.types)
	if want == Bool {
		// Terms run on first use, maybe on another goroutine: they get an
		// Env of their own.
		types := e.types
		x.terms = sync.OnceValue(func() []*Expr { return conjuncts(src, NewEnv(types)) })
	}
	return x, nil
}
