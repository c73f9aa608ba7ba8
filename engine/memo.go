package engine

import (
	"reflect"
	"sync"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sections"
	"github.com/promptc/promptc/sources"
)

// sourceMemo is a Builder's memory of each source's last resolution: the
// options it was given, what it returned, and the file-system facts it
// depended on. A source given equal options whose facts all still hold
// (one stat per path: fscache.Cache.Valid) returns its previous output
// without running — the same value it would compute, since a kind's
// Resolve is a function of its options and the files it reads. It is
// safe for concurrent use.
type sourceMemo struct {
	mu       sync.Mutex
	entries  map[string]*memoEntry
	gen      uint64
	sections map[string]sectionEntry
	join     joinEntry
	// ranges are each section's range memo: a section rendered again
	// reprints only the range elements that changed.
	ranges map[string]*sections.RangeMemo
}

// joinEntry is the last join: the active sections' texts it was given
// and what it made of them (the prompt, each section's text after its
// seams and its offset). The same texts join the same way.
type joinEntry struct {
	active []int
	in     []string
	out    []string
	starts []int
	text   string
}

// sectionEntry is a section's last rendering and what it was rendered
// from: for each name it uses, the generation of a source's output or a
// param's value. The same inputs render the same text (templates are
// pure), so it is reused.
type sectionEntry struct {
	inputs  []any
	text    string
	origins []prov.Origin
}

type memoEntry struct {
	options any
	out     sources.Output
	deps    *fscache.Deps
	// outside are the warnings about the output's origins reached
	// through links that leave the roots; they depend on the same facts
	// and on the roots, which are part of the options compared.
	outside diag.List
	// gen numbers the resolution, so that a section can tell an output
	// it rendered from apart from a new one without comparing values.
	gen uint64
}

func newSourceMemo() *sourceMemo {
	return &sourceMemo{entries: map[string]*memoEntry{}, sections: map[string]sectionEntry{}, ranges: map[string]*sections.RangeMemo{}}
}

// rangeMemo returns section id's range memo (nil for a nil m: a plain
// run renders without one).
func (m *sourceMemo) rangeMemo(id string) *sections.RangeMemo {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	rm := m.ranges[id]
	if rm == nil {
		rm = &sections.RangeMemo{}
		m.ranges[id] = rm
	}
	return rm
}

// section returns the last rendering of section id when it was rendered
// from inputs.
func (m *sourceMemo) section(id string, inputs []any) (sectionEntry, bool) {
	m.mu.Lock()
	e, ok := m.sections[id]
	m.mu.Unlock()
	if !ok || !reflect.DeepEqual(e.inputs, inputs) {
		return sectionEntry{}, false
	}
	return e, true
}

func (m *sourceMemo) storeSection(id string, e sectionEntry) {
	m.mu.Lock()
	m.sections[id] = e
	m.mu.Unlock()
}

// lookup returns the entry of source id when its options equal options
// and its facts still hold.
func (m *sourceMemo) lookup(c *fscache.Cache, id string, options any) *memoEntry {
	m.mu.Lock()
	e := m.entries[id]
	m.mu.Unlock()
	if e == nil || !reflect.DeepEqual(e.options, options) {
		return nil
	}
	if !c.Valid(e.deps) {
		return nil // the source runs again (the lstats just made serve it)
	}
	return e
}

// store remembers a resolution unless its facts can never hold.
func (m *sourceMemo) store(id string, options any, out sources.Output, deps *fscache.Deps, outside diag.List) *memoEntry {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	e := &memoEntry{options: options, out: out, deps: deps, outside: outside, gen: m.gen}
	if deps.Broken() || deps.Racy() {
		delete(m.entries, id)
		return e
	}
	m.entries[id] = e
	return e
}

// memoOptions is what a memo entry's options are compared by: the
// source's options and the run's roots (the warnings about links that
// leave them depend on both).
type memoOptions struct {
	options any
	roots   string
}

// joined sets res's text and its active sections' texts and offsets from
// the last join when that joined the same texts of the same sections.
func (m *sourceMemo) joined(res *Result, active []int) bool {
	m.mu.Lock()
	j := m.join
	m.mu.Unlock()
	if len(j.active) != len(active) {
		return false
	}
	for n, i := range active {
		if j.active[n] != i || j.in[n] != res.Sections[i].Text {
			return false
		}
	}
	for n, i := range active {
		sec := &res.Sections[i]
		sec.Text, sec.Start, sec.Bytes = j.out[n], j.starts[n], len(j.out[n])
	}
	placeInactive(res)
	res.Text = j.text
	return true
}

// storeJoin remembers a join; in are the active sections' texts before
// it (what they rendered).
func (m *sourceMemo) storeJoin(res *Result, active []int, in []string) {
	j := joinEntry{active: active, in: in, text: res.Text}
	for _, i := range active {
		j.out = append(j.out, res.Sections[i].Text)
		j.starts = append(j.starts, res.Sections[i].Start)
	}
	m.mu.Lock()
	m.join = j
	m.mu.Unlock()
}
