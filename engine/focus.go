package engine

import "slices"

// Focus returns a plan whose runs render only the sections of p that read
// source id (by their condition or template), for a host that looks at one
// source's part of the prompt from many runs (emit --check reads what an
// agent's context source loads and how its sections send it). Each kept
// section's state and text, and the value of every source they resolve,
// are what a run of p would make of them; the prompt is the join of the
// kept sections alone, and the sources only the others read are not
// resolved.
//
// The sections of p must not shape one another: with a budget, a frame, a
// fallback, a run-scoped transform or a policy mark (a locked, required
// or final section), what a section sends can depend on the others, and
// Focus returns p itself and false. So does an id that is no source of p.
// The focused plan shares p's compiled parts, which no run changes.
func (p *Plan) Focus(id string) (*Plan, bool) {
	if _, ok := p.sources[id]; !ok {
		return p, false
	}
	if p.budget != nil || p.frame != nil || p.fallback != nil || len(p.transforms) > 0 || len(p.spec.SectionLocks()) > 0 {
		return p, false
	}
	f := *p
	f.sections = nil
	for _, sp := range p.sections {
		if slices.Contains(sp.uses, id) {
			f.sections = append(f.sections, sp)
		}
	}
	return &f, true
}
