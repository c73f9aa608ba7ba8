package engine

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
)

// checkTransformLocks refuses, at load, a transform that a layer above a
// locked, required or final section registered and that will certainly
// remove or follow it:
//   - a replace whose template mentions neither .run.Prompt nor .run.Base
//     writes a prompt without any of the base prompt's sections;
//   - an append puts its text after every section, a final one included.
//
// What cannot be known here (an exec program, a replace that edits the
// prompt) is checked on each run instead (run_required.go). A transform
// of the marking layer or of a layer below it is not refused here: locks
// bind the layers above; the run's check still holds it to the bytes.
// One error per transform, naming the first mark it breaks.
func (c *compiler) checkTransformLocks() {
	locks := c.spec.SectionLocks()
	if len(locks) == 0 {
		return
	}
	for _, tp := range c.plan.transforms {
		if tp.spec.Disabled || (tp.action != ActionReplace && tp.action != ActionAppend) {
			continue
		}
		if tp.action == ActionReplace && readsPrompt(*tp.spec.Replace) {
			continue
		}
		rank := c.spec.LayerRank(tp.by.Layer)
		for _, l := range locks {
			if rank <= c.spec.LayerRank(l.Layer) || (tp.action == ActionAppend && l.Kind != spec.KindFinal) {
				continue
			}
			d := diag.Diagnostic{Severity: diag.Error, Code: "transform/locked", Pos: c.spec.Pos(tp.ptr)}
			if tp.action == ActionReplace {
				d.Message = fmt.Sprintf("transform %s replaces the whole prompt, and with it %s section %q (%s in %s), which a layer above may not remove", tp.id, l.Kind, l.Section, l.Kind, l.At)
				d.Hint = "keep {{ .run.Prompt }} in the replacement, or prepend instead"
			} else {
				d.Message = fmt.Sprintf("transform %s appends text after final section %q (final in %s), which a layer above may not do", tp.id, l.Section, l.At)
				d.Hint = "prepend instead"
			}
			c.diags = append(c.diags, d)
			break
		}
	}
}

// readsPrompt reports whether a replace template mentions the prompt it
// replaces (.run.Prompt or .run.Base): then what it keeps is known only
// on the run. The test is textual and errs on the side of the run's check.
func readsPrompt(text string) bool {
	return strings.Contains(text, "Prompt") || strings.Contains(text, "Base")
}
