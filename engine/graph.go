package engine

import "sort"

// Graph is the compiled pipeline as a graph, for drawing and explaining:
// sources with their data dependencies, and sections in output order with
// their conditions, ordering constraints and the names they read.
type Graph struct {
	Params []string `json:"params"`
	// ParamDefaults lists, for each param with a default_expr, the other
	// params it reads.
	ParamDefaults map[string][]string `json:"param_defaults,omitempty"`
	Sources       []GraphSource       `json:"sources"`
	Sections      []GraphSection      `json:"sections"`
	// Fallback is the pipeline's fallback, when it has one.
	Fallback *GraphFallback `json:"fallback,omitempty"`
}

// GraphFallback is the text a failed run yields.
type GraphFallback struct {
	When string `json:"when,omitempty"`
	// Uses lists the params its condition and template read.
	Uses         []string `json:"uses"`
	WhenUses     []string `json:"when_uses"`
	TemplateUses []string `json:"template_uses"`
}

// GraphSource is one source node.
type GraphSource struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Doc  string `json:"doc,omitempty"`
	// Uses lists the params and sources its args read, sorted.
	Uses []string `json:"uses"`
}

// GraphSection is one section node.
type GraphSection struct {
	ID       string   `json:"id"`
	Doc      string   `json:"doc,omitempty"`
	When     string   `json:"when,omitempty"`
	After    []string `json:"after,omitempty"`
	Before   []string `json:"before,omitempty"`
	Order    int      `json:"order"`
	Volatile bool     `json:"volatile,omitempty"`
	// Uses lists the params and sources its condition and template read.
	Uses []string `json:"uses"`
	// WhenUses lists the names its condition reads, TemplateUses those
	// its template reads (a name may be in both).
	WhenUses     []string `json:"when_uses"`
	TemplateUses []string `json:"template_uses"`
	// Labels are SectionSpec.Labels.
	Labels map[string]string `json:"labels,omitempty"`
}

// Graph returns the plan's graph. Sections are in output order; sources
// and params are sorted by id.
func (p *Plan) Graph() Graph {
	g := Graph{Params: p.SortedParams()}
	for _, name := range g.Params {
		if e := p.params[name].defExpr; e != nil {
			if g.ParamDefaults == nil {
				g.ParamDefaults = map[string][]string{}
			}
			g.ParamDefaults[name] = e.Deps()
		}
	}
	if fb := p.fallback; fb != nil {
		uses := map[string]bool{}
		gf := &GraphFallback{When: p.spec.Fallback.When, WhenUses: []string{}, TemplateUses: append([]string{}, fb.uses...)}
		for _, u := range fb.uses {
			uses[u] = true
		}
		if fb.when != nil {
			gf.WhenUses = fb.when.Deps()
			for _, u := range gf.WhenUses {
				uses[u] = true
			}
		}
		gf.Uses = sortedKeys(uses)
		g.Fallback = gf
	}
	ids := make([]string, 0, len(p.sources))
	for id := range p.sources {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		sp := p.sources[id]
		uses := map[string]bool{}
		for _, a := range sp.args {
			for _, d := range a.expr.Deps() {
				// What the layers registered (declared) is no node: the
				// graph draws params, sources and sections.
				if d != DeclaredName {
					uses[d] = true
				}
			}
		}
		g.Sources = append(g.Sources, GraphSource{ID: id, Kind: sp.kind.Name(), Doc: p.spec.Sources[id].Doc, Uses: sortedKeys(uses)})
	}
	for _, sp := range p.sections {
		gs := GraphSection{ID: sp.id, Doc: sp.spec.Doc, When: sp.spec.When, After: sp.spec.After, Before: sp.spec.Before,
			Order: sp.spec.Order, Volatile: sp.spec.Volatile, Uses: sp.uses, WhenUses: []string{}, Labels: sp.spec.Labels}
		if sp.when != nil {
			gs.WhenUses = sp.when.Deps()
		}
		tuses := map[string]bool{}
		for _, f := range sp.tmpl.Fields() {
			if _, ok := p.params[f]; ok {
				tuses[f] = true
			} else if _, ok := p.sources[f]; ok {
				tuses[f] = true
			}
		}
		gs.TemplateUses = sortedKeys(tuses)
		g.Sections = append(g.Sections, gs)
	}
	return g
}
