package main

import (
	"context"
	"io"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
)

// commonFlags are the flags of every command that runs a pipeline (build,
// expand, explain, graph); the pipeline adds the flags its params bind.
var commonFlags = flagDefsOf(args.Common)

// toolFileFlag is --tool-file FILE (args.ToolFile).
var toolFileFlag = flagDefOf(args.ToolFile)

// session is a command line of a pipeline command, read into a request
// and opened by package host: its compiled pipeline and run input.
type session struct {
	p    *parsed
	plan *engine.Plan
	in   engine.Input
	// skipped reports the layers looked for and not applied.
	skipped []spec.LayerReport
	hs      *host.Session
}

// openSession reads args of command cmd (whose own flags are extra) into
// a request (package host/args: the pipeline's flags exist once it is
// compiled) and opens it (package host), printing the pipeline's
// warnings to stderr. With --help the command's usage, including the
// pipeline's flags, is printed and done is true.
func openSession(ctx context.Context, cmd string, argv []string, extra []flagDef, maxArgs int, stdout, stderr io.Writer, e env) (s *session, done bool, err error) {
	h := &host.Host{Env: e, Warn: func(ds diag.List) { printWarnings(stderr, ds) }}
	r, err := args.Read(ctx, h, host.Request{}, argv, argDefs(extra))
	if err != nil {
		return nil, false, err
	}
	if r.Help {
		printWarnings(stderr, r.Warnings)
		own := append(append([]flagDef(nil), commonFlags...), extra...)
		return nil, true, writeHelp(stdout, cmd, own, r.Plan)
	}
	p := parsedOf(r.Parsed)
	if err := checkArgs(cmd, p, maxArgs); err != nil {
		return nil, false, err
	}
	req := r.Request
	req.PlanOnly = cmd == "graph" && !args.InputGiven(r.Parsed) // the plan alone is drawn: nothing is read
	req.Inputs = p.list("input")                                // build and explain: one run each
	hs, err := h.Open(ctx, req)
	if err != nil {
		return nil, false, err
	}
	return &session{p: p, plan: hs.Plan, in: hs.Input, skipped: hs.Skipped, hs: hs}, false, nil
}

// run builds the session (host.Session.Build).
func (s *session) run(ctx context.Context) (*engine.Result, error) { return s.hs.Build(ctx) }

// pipelineFlags turns the flags plan's params bind into flag definitions.
func pipelineFlags(plan *engine.Plan) []flagDef { return flagDefsOf(args.Bound(plan)) }

// inputGiven reports whether the command line sets any param (a bound
// flag, --param or --params), i.e. asks for a run rather than the plan.
func (s *session) inputGiven() bool { return args.InputGiven(s.p.from) }
