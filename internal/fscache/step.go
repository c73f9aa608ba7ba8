package fscache

import (
	"maps"
	"reflect"

	"github.com/promptc/promptc/sources"
)

// stepEntry is a remembered intermediate result of a kind (see
// [Tracker.Memo]): the options it was computed with, the value, and the
// facts the computation observed.
type stepEntry struct {
	options any
	value   any
	deps    *Deps
	// learned are the realpaths the step resolved: its facts justify
	// them, so the Tracker that takes the step's facts takes them too.
	learned map[string]string
}

var _ sources.Memoizer = (*Tracker)(nil)

// Memo implements [sources.Memoizer] over the Tracker's Cache: one entry
// per key (the last computation's), reused while its options are equal
// and its facts hold (one lstat per path, [Cache.Valid]). Whether reused
// or computed, the step's facts join the Tracker's Deps, so the source
// that took the step depends on them too, and the realpaths it resolved
// join the Tracker's shared Resolver.
func (t *Tracker) Memo(key string, options any, compute func(sources.FS) (any, error)) (any, error) {
	c := t.c
	c.mu.Lock()
	e, ok := c.steps[key]
	c.mu.Unlock()
	if ok && reflect.DeepEqual(e.options, options) && c.Valid(e.deps) {
		t.deps.absorb(e.deps)
		t.res.Learn(e.learned)
		return e.value, nil
	}
	child := c.Track()
	v, err := compute(child)
	t.deps.absorb(child.deps)
	learned := child.res.Learned()
	t.res.Learn(learned)
	if err != nil || child.deps.Broken() || child.deps.Racy() {
		return v, err
	}
	c.mu.Lock()
	if c.steps == nil {
		c.steps = map[string]stepEntry{}
	}
	c.steps[key] = stepEntry{options: options, value: v, deps: child.deps, learned: learned}
	c.mu.Unlock()
	return v, nil
}

// absorb adds o's facts and listings to d: a fact that contradicts one d
// has breaks d, a racy o makes d racy.
func (d *Deps) absorb(o *Deps) {
	o.mu.Lock()
	facts, listed := maps.Clone(o.facts), maps.Clone(o.listed)
	broken, racy := o.broken, o.racy
	o.mu.Unlock()

	d.mu.Lock()
	defer d.mu.Unlock()
	// Merge the smaller set into the larger (a step's facts are often
	// most of its caller's): no map grows one entry at a time.
	if len(facts) < len(d.facts) {
		facts, d.facts = d.facts, facts
	}
	for k, f := range d.facts {
		if old, ok := facts[k]; ok && old != f {
			d.broken = true
		}
		facts[k] = f
	}
	d.facts = facts
	if len(listed) < len(d.listed) {
		listed, d.listed = d.listed, listed
	}
	for n := range d.listed {
		listed[n] = true
	}
	d.listed = listed
	d.broken = d.broken || broken
	d.racy = d.racy || racy
	d.groups = nil
}
