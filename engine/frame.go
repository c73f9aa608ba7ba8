package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/promptc/promptc/internal/budget"
	"github.com/promptc/promptc/sections"
	"github.com/promptc/promptc/sources"
)

// frame frames one untrusted text labelled label. The opening template
// reads the label inert (one line, no quote or angle bracket: a hostile
// path cannot end the line or the attribute it is printed in) and
// neutralized (no closing delimiter).
func (r *run) frame(label, text string) (string, error) {
	fp := r.plan.frame
	var b strings.Builder
	if err := fp.open.Execute(&b, frameData{Label: budget.Neutralize(sections.Inert(label), fp.close)}); err != nil {
		return "", fmt.Errorf("frame: %w", err)
	}
	return budget.Frame(b.String(), text, fp.close), nil
}

// frameSection frames the section's whole text when it is untrusted (one
// span then covers it all).
func (r *run) frameSection(sp *sectionPlan, text string, spans []Span) (string, []Span) {
	if !sp.untrusted || r.plan.frame == nil {
		return text, spans
	}
	f, err := r.frame(sp.id, text)
	if err != nil { // cannot happen: compile ran the opening template on the same data type
		return text, spans
	}
	return f, []Span{{Start: 0, End: len(f), Label: sp.id}}
}

// untrustedUse is the first untrusted source that sp reads and that holds
// items in this run, or "".
func (r *run) untrustedUse(ctx context.Context, sp *sectionPlan) string {
	if r.plan.frame == nil || (sp.cap != nil && sp.cap.strategy == budget.DropItems) {
		return ""
	}
	for _, n := range sp.uses {
		src, ok := r.plan.sources[n]
		if !ok || !src.untrusted {
			continue
		}
		if v, err := r.value(ctx, n); err == nil {
			if list, ok := v.(sources.ItemList); ok && len(list.Items()) > 0 {
				return n
			}
		}
	}
	return ""
}
