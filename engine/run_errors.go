package engine

import (
	"fmt"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/sections"
)

// renderErr positions a failed render: a render that went past a limit at
// the range that was running (or the template), with the limit's message;
// any other failure at the template, with text/template's message.
func (r *run) renderErr(ptr string, err error) error {
	if le, ok := sections.AsLimit(err); ok {
		line := max(le.Line, 1)
		pos, msg := r.plan.spec.TemplateAt(ptr, line, 0, le.Msg)
		return diag.List{{Severity: diag.Error, Code: "template/limit", Pos: pos, Message: msg}}
	}
	return r.exprErr(ptr, fmt.Errorf("%s", templateErr(err)))
}

// exprErr positions a run-time failure of a pipeline expression.
func (r *run) exprErr(pointer string, err error) error {
	return diag.List{{Severity: diag.Error, Code: "run", Pos: r.plan.spec.Pos(pointer), Message: err.Error()}}
}
