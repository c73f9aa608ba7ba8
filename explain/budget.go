package explain

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/internal/budget"
	"github.com/promptc/promptc/sources"
)

// cuts adds the budget's account and one why-not entry per cut, in the
// order the run made them (source caps, then sections in output order).
func (b *builder) cuts() {
	b.rep.Budget = b.res.Budget
	for i := range b.res.Cuts {
		c := b.res.Cuts[i]
		w := WhyNot{Kind: KindCut, Source: c.Source, Section: c.Section, Path: c.Label, Cut: &c,
			Reason: fmt.Sprintf("cut by the %s (%s)", c.By, c.Strategy),
			Detail: fmt.Sprintf("%s -> %s %s", budget.Thousands(c.Before), budget.Thousands(c.After), c.Unit)}
		if n := len(c.Dropped); n > 0 {
			w.Detail += fmt.Sprintf("; %d dropped: %s", n, strings.Join(c.Dropped, ", "))
		}
		b.rep.WhyNot = append(b.rep.WhyNot, w)
	}
}

// untrusted lists the framed spans of the active sections, at their
// offsets in the prompt.
func (b *builder) untrusted() {
	for _, s := range b.res.Sections {
		if !s.Active {
			continue
		}
		for _, sp := range s.Untrusted {
			if sp.End > len(s.Text) || sp.Start > sp.End {
				continue
			}
			b.rep.Untrusted = append(b.rep.Untrusted, Untrusted{Section: s.ID, Source: sp.Source, Label: sp.Label,
				Start: s.Start + sp.Start, End: s.Start + sp.End, Tokens: b.tok.Count(s.Text[sp.Start:sp.End])})
		}
	}
}

// Rank order, highest first.
var rankOrder = []string{"system", "user", "project"}

// ranks pairs every item of each resolved ranked source with every item of
// each lower-ranked one. The pairing is structural: promptc does not guess
// whether two texts speak of the same thing, it lists each pair whose
// ranks differ so that a reader (or a model) sees where one may override
// the other.
func (b *builder) ranks() {
	byRank := map[string][]RankedText{}
	ranked := false
	for _, s := range b.res.Sources {
		if s.Rank == "" {
			continue
		}
		ranked = true
		list, ok := s.Value.(sources.ItemList)
		if !ok {
			continue
		}
		for _, it := range list.Items() {
			if !it.HasText {
				continue
			}
			byRank[s.Rank] = append(byRank[s.Rank], RankedText{Rank: s.Rank, Source: s.ID, Label: it.Label, Bytes: len(it.Text), Tokens: b.tok.Count(it.Text)})
		}
	}
	if !ranked {
		return
	}
	r := &Ranks{Precedence: strings.Join(rankOrder, " > "), Pairs: []RankPair{}}
	for i, hi := range rankOrder {
		for _, lo := range rankOrder[i+1:] {
			for _, h := range byRank[hi] {
				for _, l := range byRank[lo] {
					r.Pairs = append(r.Pairs, RankPair{Higher: h, Lower: l})
				}
			}
		}
	}
	b.rep.Ranks = r
}

// budgetLine is the header's account of the budget.
func budgetLine(bu *engine.BudgetReport) string {
	unit := bu.Unit
	if bu.Tokenizer != "" {
		unit += " (" + bu.Tokenizer + ")"
	}
	if bu.Limit == 0 {
		return fmt.Sprintf("no limit, caps only; %s %s", budget.Thousands(bu.After), unit)
	}
	s := fmt.Sprintf("%s of %s %s", budget.Thousands(bu.After), budget.Thousands(bu.Limit), unit)
	if bu.Before != bu.After {
		s += fmt.Sprintf(", cut from %s", budget.Thousands(bu.Before))
	}
	return s + fmt.Sprintf("; locked %s (never cut); counted per section", budget.Thousands(bu.Locked))
}

// textUntrusted lists the framed spans.
func (r *Report) textUntrusted(b *strings.Builder) {
	if len(r.Untrusted) == 0 {
		return
	}
	fmt.Fprintf(b, "\nUntrusted text, framed (%d)\n", len(r.Untrusted))
	t := table{indent: "  ", right: map[int]bool{2: true, 3: true}}
	for _, u := range r.Untrusted {
		t.add(u.Section, u.Label, fmt.Sprintf("bytes %d-%d", u.Start, u.End), fmt.Sprintf("%d tokens", u.Tokens))
	}
	t.write(b)
}

// textRanks lists the instructions of different rank side by side.
func (r *Report) textRanks(b *strings.Builder) {
	if r.Ranks == nil {
		return
	}
	fmt.Fprintf(b, "\nInstructions of different rank (%d pairs; %s; possible conflicts are listed, not resolved)\n", len(r.Ranks.Pairs), r.Ranks.Precedence)
	for _, p := range r.Ranks.Pairs {
		fmt.Fprintf(b, "  %s %s (%d bytes, %d tokens)\n", p.Higher.Rank, p.Higher.Label, p.Higher.Bytes, p.Higher.Tokens)
		fmt.Fprintf(b, "    outranks %s %s (%d bytes, %d tokens)\n", p.Lower.Rank, p.Lower.Label, p.Lower.Bytes, p.Lower.Tokens)
	}
}

// cutOf reports whether a source cap or the budget cut the item label of
// source id.
func (b *builder) cutOf(id, label string) bool {
	for _, c := range b.res.Cuts {
		if c.Source == id && c.Label == label {
			return true
		}
	}
	return false
}
