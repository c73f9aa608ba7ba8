package engine

import (
	"fmt"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
)

// checkFinal enforces final: true (after the sections are ordered): no
// section a layer above the final section's layer added or changed may
// come after it in output order. The rule refuses (it never moves a
// section): a policy's last word is not rewritten behind its author's
// back, and a refusal names both places. Sections of the final section's
// own layer and of the layers below it may follow it, and so may a
// section that is disabled (it is not in the prompt).
func (c *compiler) checkFinal() {
	for _, f := range c.spec.SectionLocks() {
		if f.Kind != spec.KindFinal {
			continue
		}
		rank := c.spec.LayerRank(f.Layer)
		after := false
		for _, sp := range c.plan.sections {
			if sp.id == f.Section {
				after = true
				continue
			}
			if !after || sp.spec.Disabled {
				continue
			}
			layer, at := c.spec.ChangedBy(sp.id)
			if c.spec.LayerRank(layer) <= rank {
				continue
			}
			c.diags = append(c.diags, diag.Diagnostic{Severity: diag.Error, Code: "layer/final", Pos: at,
				Message: fmt.Sprintf("section %q comes after final section %q (final in %s)", sp.id, f.Section, f.At),
				Hint:    fmt.Sprintf("a layer above it may add sections before it only: before: [%s]", f.Section)})
		}
	}
}
