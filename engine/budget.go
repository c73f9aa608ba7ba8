package engine

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/budget"
	"github.com/promptc/promptc/sources"
)

// Cut reasons.
const (
	BySourceCap  = "source cap"
	BySectionCap = "section cap"
	ByBudget     = "budget"
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

// frame frames one untrusted text labelled label.
func (r *run) frame(label, text string) (string, error) {
	fp := r.plan.frame
	var b strings.Builder
	if err := fp.open.Execute(&b, frameData{Label: budget.Neutralize(label, fp.close)}); err != nil {
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
	err := bp.note.Execute(&b, NoteData{Omitted: budget.Thousands(omitted), Count: omitted, Unit: bp.meter.Unit(), Label: label, Section: section})
	if err != nil {
		return "", fmt.Errorf("budget note: %w", err)
	}
	return b.String(), nil
}

func (r *run) dropNote(dropped, total, omitted int, label, section string) (string, error) {
	var b strings.Builder
	bp := r.plan.budget
	err := bp.dropNote.Execute(&b, NoteData{Omitted: budget.Thousands(omitted), Count: omitted, Unit: bp.meter.Unit(), Label: label, Section: section, Dropped: dropped, Total: total})
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

// applyBudget shrinks the unlocked sections, lowest priority first (ties:
// the later section first), until the prompt fits the pipeline's limit.
// The size is the sum of the active sections' sizes plus the join text
// between them. Locked content over the limit, or a prompt that does not
// fit once every unlocked section is down to its notes, is an error.
func (r *run) applyBudget(ctx context.Context, states []*secState) (*BudgetReport, error) {
	bp := r.plan.budget
	m := bp.meter
	joinCost := 0
	if j := r.plan.spec.Join; j != "" {
		joinCost = m.Count(j)
	}
	total := func() (sum, locked int) {
		for i, st := range states {
			sum += st.cost
			if st.sp.locked {
				locked += st.cost
			}
			if i > 0 {
				sum += joinCost
			}
		}
		return sum, locked
	}
	before, locked := total()
	rep := &BudgetReport{Limit: bp.limit, Unit: m.Unit(), Before: before, After: before, Locked: locked}
	if m.Unit() == budget.UnitTokens {
		rep.Tokenizer = m.Name()
	}
	if bp.limit == 0 || before <= bp.limit {
		return rep, nil
	}
	limitPos := r.plan.spec.Pos("/budget/limit")
	if locked > bp.limit {
		var ids []string
		for _, st := range states {
			if st.sp.locked {
				ids = append(ids, st.sp.id)
			}
		}
		return nil, diag.List{{Severity: diag.Error, Code: "budget/locked", Pos: limitPos,
			Message: fmt.Sprintf("the locked sections alone (%s) are %s %s, over the budget of %s %s; locked sections are never cut",
				strings.Join(ids, ", "), budget.Thousands(locked), m.Unit(), budget.Thousands(bp.limit), m.Unit()),
			Hint: "raise budget.limit, or shorten or unlock a locked section"}}
	}
	order := make([]*secState, 0, len(states))
	for _, st := range states {
		if !st.sp.locked {
			order = append(order, st)
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].sp.priority != order[j].sp.priority {
			return order[i].sp.priority < order[j].sp.priority
		}
		return order[i].idx > order[j].idx
	})
	for _, st := range order {
		cur, _ := total()
		if cur <= bp.limit {
			break
		}
		if err := r.fit(ctx, st, max(st.cost-(cur-bp.limit), 0), ByBudget); err != nil {
			return nil, err
		}
	}
	rep.After, _ = total()
	if rep.After > bp.limit {
		return nil, diag.List{{Severity: diag.Error, Code: "budget/overflow", Pos: limitPos,
			Message: fmt.Sprintf("the prompt does not fit the budget of %s %s: with every unlocked section cut down to its notes it is %s %s (locked sections: %s)",
				budget.Thousands(bp.limit), m.Unit(), budget.Thousands(rep.After), m.Unit(), budget.Thousands(locked)),
			Hint: "raise budget.limit"}}
	}
	return rep, nil
}

// finishShaped applies the pipeline budget over the active sections'
// states and writes their texts, spans, origins and cuts into res.
func (r *run) finishShaped(ctx context.Context, res *Result, states []*secState) error {
	if r.plan.budget != nil {
		rep, err := r.applyBudget(ctx, states)
		if err != nil {
			return err
		}
		res.Budget = rep
	}
	res.Cuts = append(res.Cuts, r.cuts...)
	for _, st := range states {
		sec := &res.Sections[st.idx]
		sec.Text, sec.Untrusted = st.text, st.spans
		sec.Origins = r.originsOf(st.sp.uses)
		res.Cuts = append(res.Cuts, st.cuts...)
	}
	return nil
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
