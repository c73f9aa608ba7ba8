package explain

import (
	"slices"
	"strconv"

	"github.com/promptc/promptc/engine"
)

// drawing is a pipeline graph ready to render: nodes in groups and edges,
// with the run's state when there was a run.
type drawing struct {
	name     string
	ran      bool
	params   []gnode
	sources  []gnode
	sections []gnode
	edges    []gedge
}

// Node states.
const (
	stateNone       = ""
	stateActive     = "active"     // section rendered
	stateInactive   = "inactive"   // section whose condition was false
	stateResolved   = "resolved"   // source resolved in the run
	stateUnresolved = "unresolved" // source the run did not need
)

type gnode struct {
	id    string
	label []string // lines
	state string
}

// Edge kinds.
const (
	edgeData  = "data"  // a source or param feeds a source or section
	edgeWhen  = "when"  // ... and the section's condition reads it
	edgeOrder = "order" // after/before constraint between sections
)

type gedge struct {
	from, to string
	kind     string
	// label is the condition for edgeWhen, "after"/"before" for edgeOrder.
	label string
	// templateToo marks a when edge whose name the template reads too.
	templateToo bool
}

func paramNode(n string) string   { return "p_" + n }
func sourceNode(n string) string  { return "s_" + n }
func sectionNode(n string) string { return "x_" + n }

// fallbackNode is the node of the pipeline's fallback text.
const fallbackNode = "f_fallback"

// newDrawing lays out g; res, when not nil, marks what the run did.
func newDrawing(name string, g engine.Graph, res *engine.Result) *drawing {
	d := &drawing{name: name, ran: res != nil}
	isParam := map[string]bool{}
	for _, p := range g.Params {
		isParam[p] = true
		d.params = append(d.params, gnode{id: paramNode(p), label: []string{p}})
	}
	ref := func(n string) string {
		if isParam[n] {
			return paramNode(n)
		}
		return sourceNode(n)
	}
	for _, p := range g.Params {
		for _, u := range g.ParamDefaults[p] {
			d.edges = append(d.edges, gedge{from: paramNode(u), to: paramNode(p), kind: edgeData, label: "default"})
		}
	}
	for _, s := range g.Sources {
		n := gnode{id: sourceNode(s.ID), label: []string{s.ID, s.Kind}}
		if res != nil {
			n.state = stateUnresolved
			if _, ok := res.Source(s.ID); ok {
				n.state = stateResolved
			}
		}
		d.sources = append(d.sources, n)
		for _, u := range s.Uses {
			d.edges = append(d.edges, gedge{from: ref(u), to: n.id, kind: edgeData})
		}
	}
	for i, s := range g.Sections {
		label := []string{strconv.Itoa(i+1) + ". " + s.ID}
		if s.Volatile {
			label = append(label, "(volatile)")
		}
		n := gnode{id: sectionNode(s.ID), label: label}
		if res != nil && i < len(res.Sections) {
			n.state = stateInactive
			if res.Sections[i].Active {
				n.state = stateActive
			}
		}
		d.sections = append(d.sections, n)
		for _, u := range s.Uses {
			e := gedge{from: ref(u), to: n.id, kind: edgeData}
			if slices.Contains(s.WhenUses, u) {
				e.kind, e.label, e.templateToo = edgeWhen, "when: "+s.When, slices.Contains(s.TemplateUses, u)
				if n.state == stateInactive {
					e.label += " (false)"
				}
			}
			d.edges = append(d.edges, e)
		}
		for _, a := range s.After {
			d.edges = append(d.edges, gedge{from: sectionNode(a), to: n.id, kind: edgeOrder, label: "after"})
		}
		for _, b := range s.Before {
			d.edges = append(d.edges, gedge{from: n.id, to: sectionNode(b), kind: edgeOrder, label: "before"})
		}
	}
	if fb := g.Fallback; fb != nil {
		n := gnode{id: fallbackNode, label: []string{"fallback", "(if the run fails)"}}
		if res != nil {
			n.state = stateInactive
			if res.Fallback {
				n.state = stateActive
			}
		}
		d.sections = append(d.sections, n)
		for _, u := range fb.Uses {
			e := gedge{from: paramNode(u), to: fallbackNode, kind: edgeData}
			if slices.Contains(fb.WhenUses, u) {
				e.kind, e.label, e.templateToo = edgeWhen, "when: "+fb.When, slices.Contains(fb.TemplateUses, u)
			}
			d.edges = append(d.edges, e)
		}
	}
	return d
}
