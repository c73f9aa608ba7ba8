package explain

import (
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/engine"
)

// WriteDOT draws the compiled pipeline g as a Graphviz digraph: params,
// sources and sections (in output order) in three clusters; data edges
// from what is read to what reads it, dashed and labelled with the
// condition where a section's `when:` reads it; bold ordering edges from
// the earlier section to the later one. With res (a run's Result), active
// sections are filled green, inactive ones grey and dashed, and sources
// the run did not resolve dotted. A param's default_expr is an edge
// labelled "default"; the pipeline's fallback is a node after the sections.
// Render with `dot -Tsvg`.
func WriteDOT(w io.Writer, name string, g engine.Graph, res *engine.Result) error {
	d := newDrawing(name, g, res)
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotQuote(name))
	b.WriteString("  rankdir=LR;\n  newrank=true;\n")
	b.WriteString("  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n")
	cluster := func(id, label string, nodes []gnode, shape, style string) {
		if len(nodes) == 0 {
			return
		}
		fmt.Fprintf(&b, "  subgraph cluster_%s {\n    label=%s;\n    style=rounded;\n    color=\"#999999\";\n", id, dotQuote(label))
		for _, n := range nodes {
			attrs := dotState(n.state)
			if attrs == "" && style != "" {
				attrs = ", style=" + style
			}
			fmt.Fprintf(&b, "    %s [label=%s, shape=%s%s];\n", n.id, dotQuote(strings.Join(n.label, "\n")), shape, attrs)
		}
		b.WriteString("  }\n")
	}
	cluster("params", "params", d.params, "plaintext", "")
	cluster("sources", "sources", d.sources, "box", "")
	cluster("sections", "sections (output order)", d.sections, "box", `"rounded"`)
	for _, e := range d.edges {
		var attrs []string
		switch e.kind {
		case edgeWhen:
			attrs = append(attrs, "label="+dotQuote(e.label), `color="#1565c0"`, `fontcolor="#1565c0"`)
			if !e.templateToo {
				attrs = append(attrs, "style=dashed")
			}
		case edgeOrder:
			attrs = append(attrs, "label="+dotQuote(e.label), "style=bold", `color="#6a1b9a"`, `fontcolor="#6a1b9a"`)
		default:
			attrs = append(attrs, `color="#555555"`)
			if e.label != "" {
				attrs = append(attrs, "label="+dotQuote(e.label))
			}
		}
		fmt.Fprintf(&b, "  %s -> %s [%s];\n", e.from, e.to, strings.Join(attrs, ", "))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func dotState(state string) string {
	switch state {
	case stateActive:
		return `, style="rounded,filled", fillcolor="#d7f5d7", color="#2e7d32"`
	case stateInactive:
		return `, style="rounded,dashed", color="#999999", fontcolor="#777777"`
	case stateResolved:
		return `, style=filled, fillcolor="#e3f2fd"`
	case stateUnresolved:
		return `, style=dotted, fontcolor="#777777"`
	}
	return ""
}

// dotQuote makes s a DOT string: quotes and backslashes escaped, line
// breaks as \n.
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", "")
	return `"` + r.Replace(s) + `"`
}
