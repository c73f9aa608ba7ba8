package engine

import (
	"context"
	"maps"
	"sort"
	"strings"

	"github.com/promptc/promptc/internal/budget"
	"github.com/promptc/promptc/sources"
)

// secState is one active section while budgets and frames apply: its
// rendering before any cut of its own text, its final text and what was
// cut from it.
type secState struct {
	idx int
	sp  *sectionPlan
	// raw is the template's output with the current items, before a cut
	// of the section's text and its frame; text is the final text and
	// cost its size.
	raw   string
	text  string
	cost  int
	spans []Span
	// src is the source whose items the section's strategy shrinks; full
	// its items as shaped, fullCounts their sizes, items the current ones.
	src        string
	full       []sources.Item
	fullCounts []int
	items      []sources.Item
	fullCost   int // the section's size with every item (drop_items)
	cuts       []Cut
}

// newState renders an active section for the budget path: the shaped
// values, frames on the untrusted sources' items, the section's own cap,
// then its frame.
func (r *run) newState(ctx context.Context, idx int, sp *sectionPlan) (*secState, error) {
	st := &secState{idx: idx, sp: sp}
	if sp.cap != nil && sp.cap.items != "" {
		st.src = sp.cap.items
	} else if u := r.untrustedUse(ctx, sp); u != "" {
		// Cutting the rendered text could cut a frame's closing
		// delimiter away: a section that renders untrusted items
		// shrinks by cutting the items' texts, before they are framed.
		st.src = u
	}
	if st.src != "" {
		v, err := r.value(ctx, st.src)
		if err != nil {
			return nil, err
		}
		if list, ok := v.(sources.ItemList); ok {
			st.full = list.Items()
			st.items = st.full
		}
	}
	raw, spans, err := r.renderWith(ctx, st, st.items)
	if err != nil {
		return nil, err
	}
	st.raw = raw
	st.text, st.spans = r.frameSection(sp, raw, spans)
	if r.plan.budget != nil {
		r.measure(st)
		if sp.cap != nil && sp.cap.max > 0 && !sp.locked && st.cost > sp.cap.max {
			if err := r.fit(ctx, st, sp.cap.max, BySectionCap); err != nil {
				return nil, err
			}
		}
	}
	return st, nil
}

// measure sets st.cost and, for a section with items, the items' sizes.
// With a tokens meter, the section is tokenized once and each item counts
// the tokens that start inside it where it sits in the text (found in
// order; an item not found verbatim is counted by itself), instead of
// tokenizing every item again: with megabytes of context files that is
// the budget's main cost.
func (r *run) measure(st *secState) {
	m := r.plan.budget.meter
	starts := []int(nil)
	if len(st.full) > 0 {
		starts = m.Starts(st.text)
	}
	if starts == nil {
		st.cost = m.Count(st.text)
		return
	}
	st.cost = len(starts)
	st.fullCounts = make([]int, len(st.full))
	cursor := 0
	for i, it := range st.full {
		needle := it.Text
		if r.plan.frame != nil && r.plan.sources[st.src].untrusted {
			needle = budget.Neutralize(needle, r.plan.frame.close)
		}
		at := -1
		if needle != "" {
			at = strings.Index(st.text[cursor:], needle)
		}
		if at < 0 {
			st.fullCounts[i] = m.Count(it.Text)
			continue
		}
		from, to := cursor+at, cursor+at+len(needle)
		st.fullCounts[i] = sort.SearchInts(starts, to) - sort.SearchInts(starts, from)
		cursor = to
	}
}

// renderWith renders st's template over the run's (shaped) values, with
// items in place of st.src's, and every untrusted source's items framed;
// it locates the framed items in the output.
func (r *run) renderWith(ctx context.Context, st *secState, items []sources.Item) (string, []Span, error) {
	sp := st.sp
	vals, err := r.values(ctx, sp.uses)
	if err != nil {
		return "", nil, err
	}
	vals = maps.Clone(vals)
	if st.src != "" && items != nil {
		if list, ok := vals[st.src].(sources.ItemList); ok {
			vals[st.src] = list.WithItems(items)
		}
	}
	type framed struct{ text, label, source string }
	var frames []framed
	if r.plan.frame != nil {
		for _, n := range sp.uses {
			src, isSource := r.plan.sources[n]
			if !isSource || !src.untrusted {
				continue
			}
			list, ok := vals[n].(sources.ItemList)
			if !ok {
				continue
			}
			its := list.Items()
			for i := range its {
				if !its[i].HasText {
					continue
				}
				f, err := r.frame(its[i].Label, its[i].Text)
				if err != nil {
					return "", nil, err
				}
				its[i].Text = f
				frames = append(frames, framed{f, its[i].Label, n})
			}
			vals[n] = list.WithItems(its)
		}
	}
	text, err := sp.tmpl.Render(vals)
	if err != nil {
		return "", nil, r.renderErr("/sections/"+sp.id+"/template", err)
	}
	var spans []Span
	cursor := 0
	for _, f := range frames {
		if i := strings.Index(text[cursor:], f.text); i >= 0 {
			spans = append(spans, Span{Start: cursor + i, End: cursor + i + len(f.text), Label: f.label, Source: f.source})
			cursor += i + len(f.text)
		}
	}
	return text, spans, nil
}

// commitItems renders st with items and makes them current.
func (r *run) commitItems(ctx context.Context, st *secState, items []sources.Item) error {
	raw, spans, err := r.renderWith(ctx, st, items)
	if err != nil {
		return err
	}
	st.items = append([]sources.Item(nil), items...)
	st.raw = raw
	st.text, st.spans = r.frameSection(st.sp, raw, spans)
	st.cost = r.plan.budget.meter.Count(st.text)
	return nil
}
