package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/config"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources"
)

// commonFlags are the flags of every command that runs a pipeline (build,
// expand, explain, graph); the pipeline adds the flags its params bind.
var commonFlags = []flagDef{
	{name: "pipeline", kind: stringFlag, metavar: "NAME|FILE", help: "pipeline to run (default: default = pi 0.83.0)"},
	{name: "overlay", kind: listFlag, metavar: "FILE", help: "YAML merged over the pipeline (repeatable)"},
	toolFileFlag,
	{name: "set", kind: listFlag, metavar: "KEY=VALUE", help: "override one pipeline key, e.g. sections.cwd.order=5"},
	{name: "param", kind: listFlag, metavar: "NAME=VALUE", help: "set a pipeline param (VALUE is YAML)"},
	{name: "params", kind: stringFlag, metavar: "FILE", help: "JSON/YAML file of param values (- for standard input)"},
	{name: "no-config", kind: boolFlag, help: "use no configuration layer (system, user, project)"},
	{name: "json", kind: boolFlag, help: "print the full result as JSON"},
	{name: "help", kind: boolFlag, help: "show this help"},
}

// session is a parsed command line of a pipeline command with its
// compiled pipeline and run input.
type session struct {
	p    *parsed
	plan *engine.Plan
	in   engine.Input
	// skipped reports the layers looked for and not applied.
	skipped []engine.LayerReport
	// projectApplied says the project layer applied (so the project is
	// trusted by a decision).
	projectApplied bool
	// e is the environment the session was opened in.
	e env
}

// builderEnv is an env that keeps warm builders (promptc serve): a
// session run in it rebuilds through the Builder of its plan and cwd, so
// files that did not change are not read again.
type builderEnv interface {
	Builder(plan *engine.Plan, cwd string) (*engine.Builder, error)
}

// selection is what picks the pipeline: its name or file (given: by
// --pipeline), overlays and sets, and whether config layers are used.
type selection struct {
	pipeline  string
	given     bool
	overlays  []string
	toolFiles []string
	sets      []string
	noConfig  bool
}

func selectionOf(p *parsed) selection {
	s := selection{pipeline: "default", overlays: p.list("overlay"), toolFiles: p.list("tool-file"), sets: p.list("set"), noConfig: p.has("no-config")}
	if p.has("pipeline") {
		s.pipeline, s.given = p.get("pipeline"), true
	}
	return s
}

func (a selection) equal(b selection) bool {
	return a.pipeline == b.pipeline && a.given == b.given && a.noConfig == b.noConfig &&
		slices.Equal(a.overlays, b.overlays) && slices.Equal(a.toolFiles, b.toolFiles) && slices.Equal(a.sets, b.sets)
}

// stack is everything one compile loads.
func (a selection) stack(base string, cl configLayers, project []engine.Layer) layerStack {
	return layerStack{base: base, config: append(append([]engine.Layer(nil), cl.applied...), project...), overlays: a.overlays, toolFiles: a.toolFiles, sets: a.sets}
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
	var base string
	var cl configLayers
	for range 3 {
		var ds diag.List
		cands, err := findGlobal(e, sel.noConfig)
		if err != nil {
			return nil, false, err
		}
		base, cl = chooseGlobal(cands, sel.pipeline, sel.given, hostPlanSource(e).names)
		plan, ds, err = loadPlan(ctx, hostPlanSource(e), sel.stack(base, cl, nil))
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
	s = &session{p: p, plan: plan, in: engine.Input{FS: hostFS(e)}, e: e}
	if cmd == "graph" && !s.inputGiven() {
		return s, false, nil // the plan alone is drawn: nothing is read
	}
	if s.in.Params, err = pipelineParams(plan, p, e); err != nil {
		return nil, false, err
	}
	s.skipped = cl.skipped
	if sel.noConfig {
		s.skipped = noConfigReports(e)
		return s, false, nil
	}
	return s.withProject(ctx, sel, base, cl, stderr, e)
}

// run runs the session's plan; the Result's layers also list the layers
// that were looked for and not applied. The Result is never changed in
// place: a warm Builder's Result is shared by every request it answers.
func (s *session) run(ctx context.Context) (*engine.Result, error) {
	var res *engine.Result
	var err error
	// A Builder keeps no runs: a session with --input lines runs the plan.
	if be, ok := s.e.(builderEnv); ok && len(s.in.Turns) == 0 {
		cwd, _ := s.in.Params["cwd"].(string)
		var b *engine.Builder
		if b, err = be.Builder(s.plan, cwd); err == nil {
			res, err = b.Build(ctx, s.in.Params)
		}
	} else {
		res, err = s.plan.Run(ctx, s.in)
	}
	if res != nil {
		res = res.WithLayers(s.skipped) // res may be a Builder's, shared
	}
	return res, err
}

// withProject applies the project layer (.promptc.yaml in the cwd or its
// nearest ancestor, up to the project root) when the project is trusted,
// recompiling the pipeline and reading the command line again with it;
// otherwise it reports the layer as absent or ignored.
func (s *session) withProject(ctx context.Context, sel selection, base string, cl configLayers, stderr io.Writer, e env) (*session, bool, error) {
	dir, _ := s.in.Params["cwd"].(string)
	if dir == "" || dir[0] != '/' {
		dir, _ = e.Getwd()
	}
	if dir == "" {
		return s, false, nil
	}
	fsys := s.in.FS.(sources.FS)
	c := config.Project(fsys, dir)
	ignore := func(why string) (*session, bool, error) {
		s.skipped = append(s.skipped, c.Report(engine.StatusIgnored, why))
		printWarnings(stderr, diag.List{{Severity: diag.Warning, Code: "layer/ignored", Path: c.Layer.Name, Message: "project layer not applied: " + why}})
		return s, false, nil
	}
	if c.Ignored != "" {
		return ignore(c.Ignored) // above the project root: never read
	}
	if !c.Found {
		s.skipped = append(s.skipped, c.Report(engine.StatusAbsent, ""))
		return s, false, nil
	}
	ok, why, err := projectVerdict(ctx, s.plan, s.in)
	if err != nil {
		return nil, false, err
	}
	if !ok {
		return ignore(why) // not even read
	}
	if c, err = config.ReadProject(fsys, c); err != nil {
		return nil, false, err
	}
	if !c.Found {
		s.skipped = append(s.skipped, c.Report(engine.StatusAbsent, ""))
		return s, false, nil
	}
	if c.Base != "" && c.Base != base && c.Base != s.plan.Spec().Name {
		return ignore(fmt.Sprintf("it is for pipeline %s, not %s", c.Base, base))
	}
	ns, done, err := s.reopen(ctx, sel.stack(base, cl, []engine.Layer{c.Layer}), stderr, e)
	if ns != nil {
		ns.projectApplied = true
	}
	return ns, done, err
}

// reopen compiles st and reads the command line again with its flags.
func (s *session) reopen(ctx context.Context, st layerStack, stderr io.Writer, e env) (*session, bool, error) {
	plan, ds, err := loadPlan(ctx, hostPlanSource(e), st)
	if err != nil {
		return nil, false, err
	}
	if ds.HasErrors() {
		return nil, false, ds
	}
	defs := make([]flagDef, 0, len(s.p.defs))
	for _, d := range s.p.defs {
		if !d.bound {
			defs = append(defs, d)
		}
	}
	p, err := parseFlags(s.p.raw, append(defs, pipelineFlags(plan)...), false)
	if err != nil {
		return nil, false, err
	}
	params, err := pipelineParams(plan, p, e)
	if err != nil {
		return nil, false, err
	}
	printWarnings(stderr, ds)
	return &session{p: p, plan: plan, in: engine.Input{FS: s.in.FS, Params: params}, skipped: s.skipped, e: e}, false, nil
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
