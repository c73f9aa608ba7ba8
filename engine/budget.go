package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/budget"
)

// Cut reasons.
const (
	BySourceCap  = "source cap"
	BySectionCap = "section cap"
	ByBudget     = "budget"
)

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
		if !r.in.NoProvenance {
			sec.Origins = r.originsOf(st.sp.uses)
		}
		res.Cuts = append(res.Cuts, st.cuts...)
	}
	return nil
}
