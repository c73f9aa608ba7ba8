package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/promptc/promptc/internal/budget"
	"github.com/promptc/promptc/sections"
	"github.com/promptc/promptc/sources"
)

// fit shrinks st to at most target by its strategy: the section's text
// (head, tail, head_tail), its items' texts (with items:), or its list's
// last items (drop_items). It never fails to finish: at worst only notes
// remain, and the caller checks the total.
func (r *run) fit(ctx context.Context, st *secState, target int, by string) error {
	strategy := budget.KeepHead
	if st.sp.cap != nil {
		strategy = st.sp.cap.strategy
	}
	switch {
	case st.src == "" || len(st.items) == 0: // no list to shrink: its text (no frames in it)
		return r.fitText(st, target, strategy, by)
	case strategy == budget.DropItems:
		return r.fitDrop(ctx, st, target, by)
	default:
		return r.fitItems(ctx, st, target, strategy, by)
	}
}

// capText cuts text to at most max units by strategy, with the note in
// place; cut is nil when text fits. When even the note alone is over max,
// only the note remains.
func (r *run) capText(text string, max int, strategy, label, section string) (string, *Cut, error) {
	return r.capCounted(text, r.plan.budget.meter.Count(text), max, strategy, label, section)
}

// capCounted is capText for a text whose size, total, is known.
func (r *run) capCounted(text string, total, max int, strategy, label, section string) (string, *Cut, error) {
	m := r.plan.budget.meter
	if total <= max {
		return text, nil, nil
	}
	first, err := r.note(total, label, section)
	if err != nil {
		return "", nil, err
	}
	return r.cutTo(text, total, max-m.Count(first)-1, max, strategy, label, section)
}

// keepText cuts text to keep units of its own by strategy, the note on
// top (a source cap: what an item keeps does not depend on its label).
func (r *run) keepText(text string, keep int, strategy, label string) (string, *Cut, error) {
	m := r.plan.budget.meter
	total := m.Count(text)
	if total <= keep {
		return text, nil, nil
	}
	return r.cutTo(text, total, keep, -1, strategy, label, "")
}

// cutTo cuts text (of size total) keeping keep units, then, while the
// result is over max (max < 0: no such bound), keeps fewer.
func (r *run) cutTo(text string, total, keep, max int, strategy, label, section string) (string, *Cut, error) {
	m := r.plan.budget.meter
	for attempt := 0; ; attempt++ {
		c, err := budget.CutText(m, text, total, keep, strategy)
		if err != nil {
			return "", nil, err
		}
		note, err := r.note(c.Omitted, label, section)
		if err != nil {
			return "", nil, err
		}
		out := place(c, note)
		if strings.HasSuffix(text, "\n") && !strings.HasSuffix(out, "\n") {
			out += "\n" // the cut took the final newline: the next text keeps its line
		}
		cost := m.Count(out)
		if max < 0 || cost <= max || keep <= 0 || attempt == 8 {
			return out, &Cut{Section: section, Label: label, Strategy: strategy, Unit: m.Unit(), Before: total, After: cost}, nil
		}
		keep = keep - (cost - max)
	}
}

// place puts the note where c was cut, on a line of its own.
func place(c budget.Cut, note string) string {
	var b strings.Builder
	b.Grow(len(c.Head) + len(note) + len(c.Tail) + 2)
	b.WriteString(c.Head)
	if c.Head != "" && !strings.HasSuffix(c.Head, "\n") {
		b.WriteByte('\n')
	}
	b.WriteString(note)
	if c.Tail != "" && !strings.HasPrefix(c.Tail, "\n") {
		b.WriteByte('\n')
	}
	b.WriteString(c.Tail)
	return b.String()
}

func (r *run) note(omitted int, label, section string) (string, error) {
	var b strings.Builder
	bp := r.plan.budget
	err := bp.note.Execute(&b, NoteData{Omitted: budget.Thousands(omitted), Count: omitted, Unit: bp.meter.Unit(), Label: sections.Inert(label), Section: section})
	if err != nil {
		return "", fmt.Errorf("budget note: %w", err)
	}
	return b.String(), nil
}

func (r *run) dropNote(dropped, total, omitted int, label, section string) (string, error) {
	var b strings.Builder
	bp := r.plan.budget
	err := bp.dropNote.Execute(&b, NoteData{Omitted: budget.Thousands(omitted), Count: omitted, Unit: bp.meter.Unit(), Label: sections.Inert(label), Section: section, Dropped: dropped, Total: total})
	if err != nil {
		return "", fmt.Errorf("budget drop note: %w", err)
	}
	return b.String(), nil
}

// fitText cuts the section's rendered text (before its frame). A text
// that holds framed untrusted items (of a source other than the one the
// section shrinks) is left whole: a cut could take a frame's closing
// delimiter away; the budget then fails rather than break a frame.
func (r *run) fitText(st *secState, target int, strategy, by string) error {
	if len(st.spans) > 0 && !st.sp.untrusted {
		return nil
	}
	m := r.plan.budget.meter
	before := st.cost
	overhead := st.cost - m.Count(st.raw) // the section frame's share
	text, cut, err := r.capText(st.raw, max(target-overhead, 0), strategy, st.sp.id, st.sp.id)
	if err != nil || cut == nil {
		return err
	}
	st.text, st.spans = r.frameSection(st.sp, text, nil)
	st.cost = m.Count(st.text)
	cut.Before, cut.After, cut.By = before, st.cost, by
	st.cuts = []Cut{*cut}
	return nil
}

// fitItems cuts the texts of the section's items, the largest first (ties:
// the later item), re-rendering when the estimate says it fits.
func (r *run) fitItems(ctx context.Context, st *secState, target int, strategy, by string) error {
	m := r.plan.budget.meter
	if st.fullCounts == nil {
		st.fullCounts = make([]int, len(st.full))
		for i, it := range st.full {
			st.fullCounts[i] = m.Count(it.Text)
		}
	}
	cur := append([]sources.Item(nil), st.items...)
	counts := make([]int, len(cur))
	for i, it := range cur {
		if it.Text == st.full[it.Key].Text {
			counts[i] = st.fullCounts[it.Key]
		} else {
			counts[i] = m.Count(it.Text)
		}
	}
	done := make([]bool, len(cur))
	est := st.cost
	for iter := 0; iter < 4*len(cur)+8; iter++ {
		if est <= target {
			if err := r.commitItems(ctx, st, cur); err != nil {
				return err
			}
			if st.cost <= target {
				break
			}
			est = st.cost
		}
		j := -1
		for i := range cur {
			if cur[i].HasText && !done[i] && (j < 0 || counts[i] >= counts[j]) {
				j = i
			}
		}
		if j < 0 {
			break
		}
		full := st.full[cur[j].Key]
		keep := counts[j] - (est - target)
		if keep <= 0 { // this item goes down to its note: the last cut it takes
			done[j] = true
		}
		text, cut, err := r.capCounted(full.Text, st.fullCounts[cur[j].Key], max(keep, 0), strategy, full.Label, st.sp.id)
		if err != nil {
			return err
		}
		if cut == nil || cut.After >= counts[j] {
			done[j] = true
			continue
		}
		est += cut.After - counts[j]
		cur[j].Text, counts[j] = text, cut.After
	}
	if err := r.commitItems(ctx, st, cur); err != nil {
		return err
	}
	st.cuts = st.cuts[:0]
	for i, it := range cur {
		full := st.full[it.Key]
		if it.Text != full.Text {
			st.cuts = append(st.cuts, Cut{Section: st.sp.id, Source: st.src, Label: full.Label, By: by, Strategy: strategy, Unit: m.Unit(), Before: st.fullCounts[it.Key], After: counts[i]})
		}
	}
	return nil
}

// fitDrop keeps the longest prefix of the section's current items that
// fits with the drop note (found by bisection: the size only grows with
// the number of items kept), or none.
func (r *run) fitDrop(ctx context.Context, st *secState, target int, by string) error {
	m := r.plan.budget.meter
	before := st.cost
	if st.fullCost == 0 {
		st.fullCost = st.cost
	}
	base := st.items
	type try struct {
		raw, text string
		spans     []Span
		cost      int
	}
	attempt := func(k int) (try, error) {
		raw, spans, err := r.renderWith(ctx, st, base[:k])
		if err != nil {
			return try{}, err
		}
		plain, _ := r.frameSection(st.sp, raw, nil)
		omitted := max(st.fullCost-m.Count(plain), 0)
		note, err := r.dropNote(len(st.full)-k, len(st.full), omitted, st.src, st.sp.id)
		if err != nil {
			return try{}, err
		}
		trimmed := strings.TrimRight(raw, "\n")
		switch {
		case trimmed == "":
			raw = note + "\n"
		case len(trimmed) == len(raw):
			raw = trimmed + "\n" + note
		default:
			raw = trimmed + "\n" + note + raw[len(trimmed):]
		}
		text, spans := r.frameSection(st.sp, raw, spans)
		return try{raw, text, spans, m.Count(text)}, nil
	}
	lo, hi := 0, len(base)-1 // the answer is in [0, hi]; base itself does not fit
	var best *try
	for lo <= hi {
		mid := (lo + hi) / 2
		t, err := attempt(mid)
		if err != nil {
			return err
		}
		if t.cost <= target {
			best, lo = &t, mid+1
		} else {
			hi = mid - 1
		}
	}
	k := lo - 1
	if best == nil {
		t, err := attempt(0)
		if err != nil {
			return err
		}
		best, k = &t, 0
	}
	st.raw, st.text, st.spans, st.cost = best.raw, best.text, best.spans, best.cost
	dropped := make([]string, 0, len(st.full)-k)
	kept := map[int]bool{}
	for _, it := range base[:k] {
		kept[it.Key] = true
	}
	for _, it := range st.full {
		if !kept[it.Key] {
			dropped = append(dropped, it.Label)
		}
	}
	st.items = base[:k]
	st.cuts = []Cut{{Section: st.sp.id, Source: st.src, Label: st.src, By: by, Strategy: budget.DropItems, Unit: m.Unit(), Before: before, After: st.cost, Dropped: dropped}}
	return nil
}
