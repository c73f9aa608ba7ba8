package engine

import (
	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/sections"
)

// compileFallback compiles the fallback's condition and template against
// the params alone: a fallback must not depend on the sources whose
// failure it stands in for.
func (c *compiler) compileFallback() {
	fb := c.spec.Fallback
	if fb == nil {
		return
	}
	params := conditions.Types{}
	for name := range c.plan.params {
		params[name] = c.types[name]
	}
	fp := &fallbackPlan{}
	if fb.When != "" {
		e, ds := conditions.Compile(fb.When, params, conditions.Bool, c.spec.Pos("/fallback/when"))
		c.diags = append(c.diags, ds...)
		fp.when = e
	}
	t, err := sections.Parse("fallback", fb.Template, c.funcs())
	if err != nil {
		c.templateError("/fallback/template", err)
		return
	}
	fp.tmpl = t
	for _, f := range t.RootFields() {
		if _, isSource := c.plan.sources[f]; isSource {
			c.diags.Errorf(c.spec.Pos("/fallback/template"), "fallback", "the fallback may read params only, not source %q", f)
		}
		if _, isParam := c.plan.params[f]; isParam {
			fp.uses = append(fp.uses, f)
		}
	}
	c.plan.fallback = fp
}
