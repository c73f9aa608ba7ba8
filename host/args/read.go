package args

import (
	"context"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/host"
)

// Common are the flags of every command that runs a pipeline; they fill
// a [host.Request]'s fields. The pipeline adds the flags its params bind.
var Common = []Def{
	{Name: "pipeline", Kind: String, Metavar: "NAME|FILE", Help: "pipeline to run (default: default = pi 1.6.0, or a layer's default_pipeline)"},
	{Name: "overlay", Kind: List, Metavar: "FILE", Help: "YAML merged over the pipeline (repeatable)"},
	ToolFile,
	{Name: "set", Kind: List, Metavar: "KEY=VALUE", Help: "override one pipeline key, e.g. sections.cwd.disabled=true"},
	{Name: "param", Kind: List, Metavar: "NAME=VALUE", Help: "set a pipeline param (VALUE is YAML)"},
	{Name: "params", Kind: String, Metavar: "FILE", Help: "JSON/YAML file of param values (- for standard input)"},
	{Name: "no-config", Kind: Bool, Help: "use no configuration layer (system, user, project)"},
	{Name: "json", Kind: Bool, Help: "print the full result as JSON"},
	{Name: "help", Short: "h", Kind: Bool, Help: "show this help"},
}

// ToolFile is --tool-file FILE: a YAML or JSON file holding a tools:
// list, registered before every layer's tools, in the order given (as pi
// loads the extensions given with -e first).
var ToolFile = Def{Name: "tool-file", Kind: List, Metavar: "FILE", Help: "YAML/JSON file with a tools: list of {name, snippet, guidelines} (repeatable; registered first, like pi's -e extensions)"}

// Bound turns the flags plan's params bind into definitions.
func Bound(plan *engine.Plan) []Def {
	var out []Def
	for _, f := range bind.Flags(plan) {
		d := Def{Name: f.Name, Short: f.Short, Help: f.Help, Metavar: f.Metavar, Bound: true, Kind: Bool}
		switch {
		case f.Repeat:
			d.Kind = List
		case f.Arg:
			d.Kind = String
		}
		out = append(out, d)
	}
	return out
}

// Reading is a command line read by [Read].
type Reading struct {
	// Request is the command line's request.
	Request host.Request
	// Parsed is the strict reading (own, common and bound flags).
	Parsed *Parsed
	// Plan is the pipeline the flags were read against (without the
	// project layer); Warnings are its compile warnings.
	Plan     *engine.Plan
	Warnings diag.List
	// Help: the line asks for --help (Parsed may then be a lenient
	// reading, when the strict one failed; Warnings are then nil).
	Help bool
}

// Read reads argv, the command line of a command whose own flags are own
// (beside [Common]), into a request over base: base's fields, then the
// line's (its overlays, tool files, sets and param values after base's).
// Which flags exist depends on the pipeline, so the line is first read
// leniently to find the pipeline, then strictly with its flags; when that
// strict reading selects another pipeline (a value that looked like a
// flag), it is read again. A line with --help whose strict reading fails
// is a Reading with Help set and no error.
func Read(ctx context.Context, h *host.Host, base host.Request, argv []string, own []Def) (*Reading, error) {
	defs := append(append([]Def(nil), Common...), own...)
	p, err := Parse(argv, defs, true)
	if err != nil {
		return nil, err
	}
	req := requestOf(base, p)
	var r *Reading
	for range 3 {
		plan, ds, err := h.Plan(ctx, req)
		if err != nil {
			return nil, err
		}
		if ds.HasErrors() {
			return nil, ds
		}
		strict, err := Parse(argv, append(append([]Def(nil), defs...), Bound(plan)...), false)
		if err != nil {
			if lenient, _ := Parse(argv, defs, true); lenient != nil && lenient.Has("help") {
				return &Reading{Request: req, Parsed: lenient, Plan: plan, Help: true}, nil
			}
			return nil, err
		}
		next := requestOf(base, strict)
		r = &Reading{Request: next, Parsed: strict, Plan: plan, Warnings: ds, Help: strict.Has("help")}
		if next.SelectionEqual(req) {
			break
		}
		req = next
	}
	return r, nil
}

// requestOf is base with the common flags and bound flags of p.
func requestOf(base host.Request, p *Parsed) host.Request {
	r := base
	if p.Has("pipeline") {
		r.Pipeline = p.Get("pipeline")
	}
	r.Overlays = append(append([]string(nil), base.Overlays...), p.List("overlay")...)
	r.ToolFiles = append(append([]string(nil), base.ToolFiles...), p.List("tool-file")...)
	r.Sets = append(append([]string(nil), base.Sets...), p.List("set")...)
	r.ParamValues = append(append([]string(nil), base.ParamValues...), p.List("param")...)
	if p.Has("params") {
		r.ParamsFile = p.Get("params")
	}
	r.NoConfig = base.NoConfig || p.Has("no-config")
	r.Flags = append([]bind.Occurrence(nil), base.Flags...)
	for _, o := range p.Occs {
		if p.Defs[o.Name].Bound {
			r.Flags = append(r.Flags, bind.Occurrence{Name: o.Name, Value: o.Value})
		}
	}
	return r
}

// InputGiven reports whether p sets any param (a bound flag, --param or
// --params), i.e. asks for a run rather than the plan.
func InputGiven(p *Parsed) bool {
	for _, o := range p.Occs {
		if p.Defs[o.Name].Bound || o.Name == "param" || o.Name == "params" {
			return true
		}
	}
	return false
}
