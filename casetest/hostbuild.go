package casetest

import (
	"context"
	"fmt"
	"io"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
)

// inputFlag is build's --input LINE: the run whose prompt the case
// compares.
var inputFlag = args.Def{Name: "input", Kind: args.List}

// hostBuild is the [BuildFunc] a Runner without one uses: promptc build
// through package host, in the case's Env. argv is "build", "--json" and
// the case's args, read with the pipeline's flags (package host/args);
// the Result goes to [Env.TakeResult]. Warnings are printed on stderr
// with r.Warn, and an error with r.Report, which gives the exit status.
func (r *Runner) hostBuild(ctx context.Context, argv []string, _, stderr io.Writer, e *Env) int {
	if len(argv) > 0 && argv[0] == "build" {
		argv = argv[1:]
	}
	warn := func(ds diag.List) { r.warn(stderr, ds) }
	h := &host.Host{Env: e, Warn: warn}
	rd, err := args.Read(ctx, h, host.Request{}, argv, []args.Def{inputFlag})
	switch {
	case err != nil:
		return r.report(err, stderr)
	case rd.Help:
		return r.report(host.UsageError{Msg: "--help prints usage: a case's args are a build's"}, stderr)
	case len(rd.Parsed.Args) > 0:
		return r.report(host.UsageError{Msg: fmt.Sprintf("build takes no arguments, got %q", rd.Parsed.Args[0])}, stderr)
	}
	req := rd.Request
	req.Inputs = rd.Parsed.List(inputFlag.Name)
	s, err := h.Open(ctx, req)
	if err != nil {
		return r.report(err, stderr)
	}
	res, err := s.Build(ctx)
	if err != nil {
		return r.report(err, stderr)
	}
	warn(res.Diagnostics)
	for _, run := range res.Runs {
		warn(run.Diagnostics)
	}
	e.TakeResult(res)
	return 0
}

// report prints err with r.Report, else as its text, and returns the
// exit status.
func (r *Runner) report(err error, stderr io.Writer) int {
	if r.Report != nil {
		return r.Report(err, stderr)
	}
	fmt.Fprintf(stderr, "%v\n", err)
	return 1
}

// warn prints warnings with r.Warn, else one per line.
func (r *Runner) warn(stderr io.Writer, ds diag.List) {
	if len(ds) == 0 {
		return
	}
	if r.Warn != nil {
		r.Warn(stderr, ds)
		return
	}
	for _, d := range ds {
		fmt.Fprintln(stderr, d.String())
	}
}
