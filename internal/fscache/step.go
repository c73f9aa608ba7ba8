package fscache

import (
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
	facts := make(map[depKey]fact, len(o.facts))
	for k, f := range o.facts {
		facts[k] = f
	}
	listed := make([]string, 0, len(o.listed))
	for n := range o.listed {
		listed = append(listed, n)
	}
	broken, racy := o.broken, o.racy
	o.mu.Unlock()

	d.mu.Lock()
	defer d.mu.Unlock()
	for k, f := range facts {
		if old, ok := d.facts[k]; ok && old != f {
			d.broken = true
		}
		d.facts[k] = f
	}
	for _, n := range listed {
		d.listed[n] = true
	}
	d.broken = d.broken || broken
	d.racy = d.racy || racy
	d.groups = nil
}
