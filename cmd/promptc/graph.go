package main

import (
	"context"
	"fmt"
	"io"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/explain"
)

// graphFlags are build's flags (without --json) plus --format.
var graphFlags = func() []flagDef {
	var out []flagDef
	for _, d := range buildFlags {
		if d.name != "json" {
			out = append(out, d)
		}
	}
	return append(out, flagDef{"format", stringFlag, "dot (default), mermaid or json"})
}()

// graphStatic are the flags that only choose the pipeline; any other flag
// of graph is an input, and the pipeline is then run to mark what was
// active.
var graphStatic = map[string]bool{"pipeline": true, "overlay": true, "set": true, "format": true, "help": true}

// cmdGraph draws the compiled pipeline; with input flags it runs it and
// marks the active sections and resolved sources.
func cmdGraph(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	p, done, err := parseCommand("graph", args, graphFlags, 0, stdout)
	if err != nil || done {
		return err
	}
	format := "dot"
	if p.has("format") {
		format = p.get("format")
	}
	if format != "dot" && format != "mermaid" && format != "json" {
		return usageError{fmt.Sprintf("--format %q: want dot, mermaid or json", format)}
	}
	plan, in, err := prepare(ctx, p, stderr, e)
	if err != nil {
		return err
	}
	var res *engine.Result
	for _, name := range p.order {
		if !graphStatic[name] {
			if res, err = plan.Run(ctx, in); err != nil {
				return err
			}
			break
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
