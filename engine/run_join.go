package engine

import (
	"strings"

	"github.com/promptc/promptc/engine/spec"
)

// join assembles the active sections' texts into res.Text with the
// pipeline's join text, first applying the paragraph seam: a section whose
// seam is paragraph loses its own leading and trailing newlines and gets
// exactly as many as make one blank line between it and its neighbours
// (counting the newlines the previous text ends with and the next text
// starts with, at most two each), none before the first section and none
// after the last. Then every section's Start and Bytes locate its text.
func (r *run) join(res *Result) {
	p := r.plan
	var active []int
	for i := range res.Sections {
		if res.Sections[i].Active {
			active = append(active, i)
		}
	}
	if r.memo != nil {
		if r.memo.joined(res, active) {
			return // the same texts as the last build joined
		}
		in := make([]string, len(active))
		for n, i := range active {
			in[n] = res.Sections[i].Text
		}
		defer r.memo.storeJoin(res, active, in)
	}
	var b strings.Builder
	size := 0 // the prompt's size, within the seams' few newlines
	for _, i := range active {
		size += len(p.spec.Join) + len(res.Sections[i].Text) + 4
	}
	b.Grow(size)
	for n, i := range active {
		sec := &res.Sections[i]
		if n > 0 {
			b.WriteString(p.spec.Join)
		}
		if r.paragraph(p.sections[i]) {
			text := strings.Trim(sec.Text, "\n")
			if n > 0 {
				text = strings.Repeat("\n", 2-min(trailingNewlines(b.String()), 2)) + text
			}
			if n+1 < len(active) && !r.paragraph(p.sections[active[n+1]]) {
				next := res.Sections[active[n+1]].Text
				if p.spec.Join != "" {
					next = p.spec.Join + next
				}
				text += strings.Repeat("\n", 2-min(leadingNewlines(next), 2))
			}
			sec.Text = text
		}
		sec.Start, sec.Bytes = b.Len(), len(sec.Text)
		b.WriteString(sec.Text)
	}
	placeInactive(res)
	res.Text = b.String()
}

// placeInactive gives each inactive section the offset where it would
// have been: the end of the active section before it.
func placeInactive(res *Result) {
	offset := 0
	for i := range res.Sections {
		if res.Sections[i].Active {
			offset = res.Sections[i].Start + res.Sections[i].Bytes
		} else {
			res.Sections[i].Start = offset
		}
	}
}

// paragraph reports whether section sp meets its neighbours as a
// paragraph: its own seam, else the pipeline's for sections that layers
// over the pipeline at the bottom of the extends chain added. (A section
// a layer only moves keeps its bytes: the built-in pipelines' parts are
// written to be reordered raw; seam: paragraph on it asks otherwise.)
func (r *run) paragraph(sp *sectionPlan) bool {
	if sp.spec.Seam != "" {
		return sp.spec.Seam == spec.SeamParagraph
	}
	return r.plan.spec.AddedBy(sp.id) != "" && r.plan.spec.Seam == spec.SeamParagraph
}

func trailingNewlines(s string) int { return len(s) - len(strings.TrimRight(s, "\n")) }
func leadingNewlines(s string) int  { return len(s) - len(strings.TrimLeft(s, "\n")) }
