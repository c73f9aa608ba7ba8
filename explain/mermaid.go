package explain

import (
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/engine"
)

// WriteMermaid draws the same graph as [WriteDOT] as a Mermaid flowchart,
// for Markdown renderers: dotted labelled links for conditions, thick ones
// for ordering, and the classes active, inactive, resolved and unresolved
// when res is given.
func WriteMermaid(w io.Writer, name string, g engine.Graph, res *engine.Result) error {
	d := newDrawing(name, g, res)
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: %s\n---\nflowchart LR\n", mermaidText(name))
	group := func(id, label string, nodes []gnode, open, close string) {
		if len(nodes) == 0 {
			return
		}
		fmt.Fprintf(&b, "  subgraph %s [\"%s\"]\n", id, mermaidText(label))
		for _, n := range nodes {
			fmt.Fprintf(&b, "    %s%s\"%s\"%s\n", n.id, open, mermaidText(strings.Join(n.label, "\n")), close)
		}
		b.WriteString("  end\n")
	}
	group("params", "params", d.params, "([", "])")
	group("sources", "sources", d.sources, "[", "]")
	group("sections", "sections (output order)", d.sections, "(", ")")
	for _, e := range d.edges {
		switch e.kind {
		case edgeWhen:
			arrow := "-.->"
			if e.templateToo {
				arrow = "-->"
			}
			fmt.Fprintf(&b, "  %s %s|\"%s\"| %s\n", e.from, arrow, mermaidText(e.label), e.to)
		case edgeOrder:
			fmt.Fprintf(&b, "  %s ==>|%s| %s\n", e.from, e.label, e.to)
		default:
			if e.label != "" {
				fmt.Fprintf(&b, "  %s -->|%s| %s\n", e.from, mermaidText(e.label), e.to)
			} else {
				fmt.Fprintf(&b, "  %s --> %s\n", e.from, e.to)
			}
		}
	}
	if d.ran {
		b.WriteString("  classDef active fill:#d7f5d7,stroke:#2e7d32\n")
		b.WriteString("  classDef inactive fill:#f2f2f2,stroke:#999999,stroke-dasharray:4 3,color:#777777\n")
		b.WriteString("  classDef resolved fill:#e3f2fd,stroke:#1565c0\n")
		b.WriteString("  classDef unresolved fill:#ffffff,stroke:#999999,stroke-dasharray:2 2,color:#777777\n")
		byState := map[string][]string{}
		var states []string
		for _, n := range append(append([]gnode{}, d.sources...), d.sections...) {
			if n.state == stateNone {
				continue
			}
			if _, ok := byState[n.state]; !ok {
				states = append(states, n.state)
			}
			byState[n.state] = append(byState[n.state], n.id)
		}
		for _, s := range states {
			fmt.Fprintf(&b, "  class %s %s\n", strings.Join(byState[s], ","), s)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mermaidText escapes s for a quoted Mermaid label: characters Mermaid
// would parse become entity codes, line breaks <br/>.
func mermaidText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString("#quot;")
		case '#':
			b.WriteString("#35;")
		case '<':
			b.WriteString("#lt;")
		case '>':
			b.WriteString("#gt;")
		case '&':
			b.WriteString("#amp;")
		case '\n':
			b.WriteString("<br/>")
		case '\r':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
