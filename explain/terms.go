package explain

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// falseTerms splits a condition that is a conjunction (a && b && ...) into
// its conjuncts and returns, in source order, those that are false over
// env, printed the way expr prints them. A condition that is not a
// conjunction gives nil: the condition itself is the false term. A
// conjunct that cannot be evaluated on its own is skipped, since the
// report must not fail where the run succeeded.
func falseTerms(when string, env map[string]any) []string {
	tree, err := parser.Parse(when)
	if err != nil {
		return nil
	}
	var terms []ast.Node
	var split func(n ast.Node)
	split = func(n ast.Node) {
		if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "&&" || b.Operator == "and") {
			split(b.Left)
			split(b.Right)
			return
		}
		terms = append(terms, n)
	}
	split(tree.Node)
	if len(terms) < 2 {
		return nil
	}
	var out []string
	for _, t := range terms {
		src := t.String()
		prog, err := expr.Compile(src, expr.Env(env), expr.AsBool())
		if err != nil {
			continue
		}
		v, err := expr.Run(prog, env)
		if err != nil {
			continue
		}
		if ok, _ := v.(bool); !ok {
			out = append(out, src)
		}
	}
	return out
}
