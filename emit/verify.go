package emit

import (
	"context"
	"fmt"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Host is what the check's pipelines read besides the files: the
// environment (HOME, CODEX_HOME, XDG_CONFIG_HOME, the agents' switches)
// and the file system they read through.
type Host struct {
	Getenv func(string) string
	Home   string
	FS     sources.FS
}

// agentRun is one verified agent's pipeline, compiled once per process
// (compiledPlan) and run for each directory over the check's snapshot
// FS, which already reads every file once: no Builder, whose stat
// validation and dependency tracking would only repeat that work.
type agentRun struct {
	agent  Agent
	plan   *engine.Plan
	fsys   sources.FS
	ctxID  string
	params map[string]any
	// inputs are params maps of finished builds, reused (a run does not
	// keep its Input's map).
	inputs sync.Pool
}

// compiled holds the built-in pipelines compiled so far (name ->
// compileResult): a built-in compiles to the same Plan every time, and a
// Plan is read-only once compiled.
var compiled sync.Map

type compileResult struct {
	plan *engine.Plan
	err  error
}

// compiledPlan compiles the built-in pipeline name once per process.
func compiledPlan(ctx context.Context, name string) (*engine.Plan, error) {
	if r, ok := compiled.Load(name); ok {
		return r.(compileResult).plan, r.(compileResult).err
	}
	plan, diags, err := pipelines.Compile(ctx, name, nil, nil)
	if err == nil && diags.HasErrors() {
		err = fmt.Errorf("pipeline %s: %v", name, diags.Err())
	}
	if err != nil && ctx.Err() != nil {
		return nil, err // a cancelled compile is not kept
	}
	r, _ := compiled.LoadOrStore(name, compileResult{plan: plan, err: err})
	return r.(compileResult).plan, r.(compileResult).err
}

// newAgentRun compiles a's pipeline and binds its params as the agent
// would see them in this environment (flags: only --cwd).
func newAgentRun(ctx context.Context, a Agent, h Host, cwd string) (*agentRun, error) {
	plan, err := compiledPlan(ctx, a.Pipeline)
	if err != nil {
		return nil, err
	}
	occs := []bind.Occurrence{{Name: "cwd", Value: cwd}}
	for _, f := range a.quiet {
		occs = append(occs, bind.Occurrence{Name: f})
	}
	params, err := bind.Params(plan, occs, nil,
		bind.Host{Getenv: h.Getenv, Wd: cwd, Home: h.Home, OS: runtime.GOOS, FS: h.FS})
	if err != nil {
		return nil, fmt.Errorf("pipeline %s: %w", a.Pipeline, err)
	}
	ctxID := plan.Spec().Explain.Context
	// Only the sections that send the context source's files matter to
	// the check (verifyDir looks for each rule's text there); the others
	// (pi's body, tools and skills) are not rendered, nor the sources
	// only they read.
	plan, _ = plan.Focus(ctxID)
	return &agentRun{agent: a, plan: plan, fsys: h.FS, ctxID: ctxID, params: params}, nil
}

// loaded is what an agent's pipeline loaded from one directory.
type loaded struct {
	text      string
	files     []sources.ContextFile
	excluded  []prov.Exclusion
	walkDirs  []string
	walkNames []string
}

// input is the Input of a run with params over the check's snapshot.
// The check reads the text and the context source's value and
// exclusions only, so the run leaves out the provenance that only
// explains them (engine.Input.NoProvenance: the same text and values).
func (r *agentRun) input(params map[string]any) engine.Input {
	return engine.Input{FS: r.fsys, Params: params, NoProvenance: true}
}

// build runs the pipeline with cwd = dir.
func (r *agentRun) build(ctx context.Context, dir string) (loaded, error) {
	params, ok := r.inputs.Get().(map[string]any)
	if !ok {
		params = make(map[string]any, len(r.params))
		for k, v := range r.params {
			params[k] = v
		}
	}
	params["cwd"] = dir
	defer r.inputs.Put(params)
	res, err := r.plan.Run(ctx, r.input(params))
	if err != nil {
		return loaded{}, fmt.Errorf("%s from %s: %w", r.agent.Name, dir, err)
	}
	l := loaded{text: res.Text}
	if src, ok := res.Source(r.ctxID); ok {
		l.excluded = src.Excluded
		if cl, ok := src.Value.(sources.ContextFileLister); ok {
			l.files = cl.ContextFiles()
		}
		if wr, ok := src.Value.(sources.WalkReporter); ok {
			w := wr.Walk()
			l.walkDirs, l.walkNames = w.Dirs, w.Names
		}
	}
	return l, nil
}

// RuleState is what one agent does with one rule from one directory.
type RuleState struct {
	Rule string `json:"rule"`
	// File is the emitted file (below the root) the rule is in for this
	// agent.
	File   string `json:"file,omitempty"`
	Status string `json:"status"` // loads, skips, on-demand
	Reason string `json:"reason,omitempty"`
}

// Rule statuses.
const (
	StLoads    = "loads"
	StSkips    = "skips"     // the agent should receive it here and will not: a failure
	StOnDemand = "on-demand" // not at start; the agent loads it when it works on matching paths
)

// placement is where an agent should find a rule: the emitted file, and
// whether it is due at start from a directory.
type placement struct {
	rule, file string
	scopeDir   string // "" = everywhere; else the directory the rule is for
	onDemand   string // non-empty: loaded on demand (why)
	// text is the rule's trimmed text.
	text string
}

// placements lists, for one agent, where each rule of files is; texts
// are the rules' trimmed texts.
func placements(a Agent, files []File, scope Scope, texts map[string]string) []placement {
	var out []placement
	for _, f := range files {
		if f.Target != a.Target || f.Agent != "" && f.Agent != a.Name {
			continue
		}
		for _, id := range f.Rules {
			p := placement{rule: id, file: f.Path}
			switch {
			case a.Target == "claude" && f.Whole:
				p.onDemand = "a rule with paths: (" + strings.Join(f.Scoped, ", ") + "): Claude Code loads it when it reads a matching file, not at start"
			case a.Target == "copilot" && f.Whole:
				p.onDemand = "applyTo " + strings.Join(f.Scoped, ",") + ": Copilot CLI lists the file for the model to read when it works on matching files, not at start"
			case f.Whole:
				p.onDemand = "scoped to " + strings.Join(f.Scoped, ", ")
			case scope == ScopeProject && path.Dir(f.Path) != "." && (path.Base(f.Path) == "AGENTS.md" || path.Base(f.Path) == "GEMINI.md"):
				p.scopeDir = path.Dir(f.Path)
			}
			p.text = texts[id]
			out = append(out, p)
		}
	}
	return out
}

// verifyDir reports what agent a loads from dir (below realRoot, "."
// for the root) of the rules placed at pls, and which of them are in
// nested files below dir and, as intended, not sent from it (most rules
// of most directories in a monorepo: BenchmarkCheckMonorepo).
func verifyDir(l loaded, a Agent, realRoot, dir string, pls []placement) (states []RuleState, elsewhere []string) {
	var grams gramFilter
	grams.add(l.text)
	for _, p := range pls {
		text := p.text
		got := grams.mayHold(text) && strings.Contains(l.text, text)
		due := p.onDemand == "" && (p.scopeDir == "" || dir == p.scopeDir || len(dir) > len(p.scopeDir) && dir[len(p.scopeDir)] == '/' && strings.HasPrefix(dir, p.scopeDir))
		if !got && p.onDemand == "" && !due {
			if elsewhere == nil {
				elsewhere = make([]string, 0, len(pls))
			}
			elsewhere = append(elsewhere, p.rule)
			continue
		}
		st := RuleState{Rule: p.rule, File: p.file}
		switch {
		case got:
			st.Status = StLoads
			if n := strings.Count(l.text, text); n > 1 {
				st.Reason = fmt.Sprintf("sent %d times (another file %s reads holds it too)", n, a.Name)
			}
		case p.onDemand != "":
			st.Status, st.Reason = StOnDemand, p.onDemand
		default:
			st.Status, st.Reason = StSkips, whyNot(l, a, path.Join(realRoot, p.file))
		}
		states = append(states, st)
	}
	if states == nil {
		states = []RuleState{}
	}
	return states, elsewhere
}

// whyNot explains why the agent's pipeline did not send a rule of file abs.
func whyNot(l loaded, a Agent, abs string) string {
	for _, e := range l.excluded {
		if e.Path == abs {
			if e.Detail != "" {
				return fmt.Sprintf("%s: %s (%s)", abs, e.Reason, e.Detail)
			}
			return fmt.Sprintf("%s: %s", abs, e.Reason)
		}
	}
	for _, f := range l.files {
		if f.Path == abs {
			if f.Truncated {
				return fmt.Sprintf("%s: %s", abs, f.Detail)
			}
			return fmt.Sprintf("%s is loaded but the rule's text is not in what %s sends (edited, or changed by the agent's processing)", abs, a.Name)
		}
	}
	dir := path.Dir(abs)
	if len(l.walkDirs) > 0 && !slices.Contains(l.walkDirs, dir) {
		return fmt.Sprintf("%s is outside %s's walk (it reads %s)", abs, a.Name, strings.Join(l.walkDirs, ", "))
	}
	if len(l.walkNames) > 0 && !slices.Contains(l.walkNames, path.Base(abs)) {
		return fmt.Sprintf("%s: %s does not read the name %s (it reads %s)", abs, a.Name, path.Base(abs), strings.Join(l.walkNames, ", "))
	}
	return fmt.Sprintf("%s is not loaded by %s (missing, or not a file %s reads)", abs, a.Name, a.Name)
}
