package main

import (
	"context"
	"fmt"
	"io"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/explain"
)

// graphFlags are graph's own flags.
var graphFlags = []flagDef{{name: "format", kind: stringFlag, metavar: "dot|mermaid|json", help: "output format (default dot; render with dot -Tsvg)"}}

// cmdGraph draws the compiled pipeline; with input flags it runs it and
// marks the active sections and resolved sources.
func cmdGraph(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	s, done, err := openSession(ctx, "graph", args, graphFlags, 0, stdout, stderr, e)
	if err != nil || done {
		return err
	}
	p, plan := s.p, s.plan
	format := "dot"
	if p.has("json") {
		format = "json"
	}
	if p.has("format") {
		format = p.get("format")
	}
	if format != "dot" && format != "mermaid" && format != "json" {
		return usageError{fmt.Sprintf("--format %q: want dot, mermaid or json", format)}
	}
	var res *engine.Result
	if s.inputGiven() {
		if res, err = s.run(ctx); err != nil {
			return err
		}
	}
	g := plan.Graph()
	switch format {
	case "mermaid":
		return explain.WriteMermaid(stdout, plan.Spec().Name, g, res)
	case "json":
		return writeJSON(stdout, g)
	}
	return explain.WriteDOT(stdout, plan.Spec().Name, g, res)
}
