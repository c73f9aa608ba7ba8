package main

import (
	"context"
	"io"
	"slices"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
)

// commonFlags are the flags of every command that runs a pipeline (build,
// expand, explain, graph); the pipeline adds the flags its params bind.
var commonFlags = []flagDef{
	{name: "pipeline", kind: stringFlag, metavar: "NAME|FILE", help: "pipeline to run (default: default = pi 0.83.0)"},
	{name: "overlay", kind: listFlag, metavar: "FILE", help: "YAML merged over the pipeline (repeatable)"},
	{name: "set", kind: listFlag, metavar: "KEY=VALUE", help: "override one pipeline key, e.g. sections.cwd.order=5"},
	{name: "param", kind: listFlag, metavar: "NAME=VALUE", help: "set a pipeline param (VALUE is YAML)"},
	{name: "params", kind: stringFlag, metavar: "FILE", help: "JSON/YAML file of param values (- for standard input)"},
	{name: "json", kind: boolFlag, help: "print the full result as JSON"},
	{name: "help", kind: boolFlag, help: "show this help"},
}

// session is a parsed command line of a pipeline command with its
// compiled pipeline and run input.
type session struct {
	p    *parsed
	plan *engine.Plan
	in   engine.Input
}

// selection is what picks the pipeline: its name or file, overlays and sets.
type selection struct {
	pipeline string
	overlays []string
	sets     []string
}

func selectionOf(p *parsed) selection {
	s := selection{pipeline: "default", overlays: p.list("overlay"), sets: p.list("set")}
	if p.has("pipeline") {
		s.pipeline = p.get("pipeline")
	}
	return s
}

func (a selection) equal(b selection) bool {
	return a.pipeline == b.pipeline && slices.Equal(a.overlays, b.overlays) && slices.Equal(a.sets, b.sets)
}

// openSession parses args of command cmd (whose own flags are extra),
// loads and compiles the pipeline they select and computes its params.
// Which flags exist depends on the pipeline, so the command line is first
// read leniently to find the pipeline, then strictly with its flags; when
// that strict reading selects another pipeline (a value that looked like
// a flag), it is read again. With --help the command's usage, including
// the pipeline's flags, is printed and done is true.
func openSession(ctx context.Context, cmd string, args []string, extra []flagDef, maxArgs int, stdout, stderr io.Writer, e env) (s *session, done bool, err error) {
	own := append(append([]flagDef(nil), commonFlags...), extra...)
	p, err := parseFlags(args, own, true)
	if err != nil {
		return nil, false, err
	}
	sel := selectionOf(p)
	var plan *engine.Plan
	for range 3 {
		var ds diag.List
		plan, ds, err = loadPlan(ctx, hostPlanSource(e), sel.pipeline, sel.overlays, sel.sets)
		if err != nil {
			return nil, false, err
		}
		if ds.HasErrors() {
			return nil, false, ds
		}
		defs := append(append([]flagDef(nil), own...), pipelineFlags(plan)...)
		p, err = parseFlags(args, defs, false)
		if err != nil {
			if p2, _ := parseFlags(args, own, true); p2 != nil && p2.has("help") {
				return nil, true, writeHelp(stdout, cmd, own, plan)
			}
			return nil, false, err
		}
		if next := selectionOf(p); !next.equal(sel) {
			sel = next
			continue
		}
		printWarnings(stderr, ds)
		break
	}
	if p.has("help") {
		return nil, true, writeHelp(stdout, cmd, own, plan)
	}
	if err := checkArgs(cmd, p, maxArgs); err != nil {
		return nil, false, err
	}
	s = &session{p: p, plan: plan, in: engine.Input{FS: hostFS(e)}}
	if cmd == "graph" && !s.inputGiven() {
		return s, false, nil // the plan alone is drawn: nothing is read
	}
	if s.in.Params, err = pipelineParams(plan, p, e); err != nil {
		return nil, false, err
	}
	return s, false, nil
}

// pipelineFlags turns the flags plan's params bind into flag definitions.
func pipelineFlags(plan *engine.Plan) []flagDef {
	var out []flagDef
	for _, f := range bind.Flags(plan) {
		d := flagDef{name: f.Name, short: f.Short, help: f.Help, metavar: f.Metavar, bound: true, kind: boolFlag}
		switch {
		case f.Repeat:
			d.kind = listFlag
		case f.Arg:
			d.kind = stringFlag
		}
		out = append(out, d)
	}
	return out
}

// inputGiven reports whether the command line sets any param (a bound
// flag, --param or --params), i.e. asks for a run rather than the plan.
func (s *session) inputGiven() bool {
	for _, o := range s.p.occs {
		if s.p.defs[o.name].bound || o.name == "param" || o.name == "params" {
			return true
		}
	}
	return false
}
