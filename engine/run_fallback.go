package engine

import (
	"context"

	"github.com/promptc/promptc/diag"
)

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
