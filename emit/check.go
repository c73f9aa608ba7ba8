package emit

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources/osfs"
)

// FileState is the state of one emitted file on disk.
type FileState struct {
	Path   string `json:"path"`
	Target string `json:"target,omitempty"`
	// State is ok, missing, stale, edited (hand-edited block or a file
	// promptc did not write), or error.
	State  string `json:"state"`
	Reason string `json:"reason,omitempty"`
}

// DirReport is what one agent receives from one directory.
type DirReport struct {
	Dir string `json:"dir"` // below the root, "." for the root
	// Files are the instruction files the agent loads from Dir, in its
	// order, promptc's or not (below the root: relative; else absolute).
	Files []string    `json:"files"`
	Rules []RuleState `json:"rules"`
	// Elsewhere are the rules of nested files below Dir, which the agent
	// reads when working there and, as intended, does not send from Dir
	// (a rule that is sent from Dir is in Rules, loaded).
	Elsewhere []string `json:"elsewhere,omitempty"`
}

// dirReport is the report of one directory from what the agent loaded.
func dirReport(l loaded, a Agent, realRoot, rel string, pls []placement) DirReport {
	files := make([]string, 0, len(l.files))
	for _, f := range l.files {
		p := path.Clean(f.Path)
		if r, ok := below(p, realRoot); ok {
			p = r
		}
		files = append(files, p)
	}
	states, elsewhere := verifyDir(l, a, realRoot, rel, pls)
	return DirReport{Dir: rel, Files: files, Rules: states, Elsewhere: elsewhere}
}

// below is clean path p relative to root (clean too) when p is root or
// below it: "." for root itself.
func below(p, root string) (string, bool) {
	switch {
	case p == root:
		return ".", true
	case root == "/":
		return p[1:], strings.HasPrefix(p, "/")
	case len(p) > len(root) && p[len(root)] == '/' && strings.HasPrefix(p, root):
		return p[len(root)+1:], true
	}
	return "", false
}

// AgentReport is one agent's part of the check.
type AgentReport struct {
	Agent    string `json:"agent"`
	Target   string `json:"target"`
	Pipeline string `json:"pipeline,omitempty"`
	Verified bool   `json:"verified"`
	// Note says how the agent was checked.
	Note string      `json:"note"`
	Dirs []DirReport `json:"dirs,omitempty"`
	// Files are the unverified agents' files, format-checked.
	Files []string `json:"files,omitempty"`
}

// CheckReport is the result of Check.
type CheckReport struct {
	Root     string        `json:"root"`
	Scope    Scope         `json:"scope"`
	Files    []FileState   `json:"files"`
	Agents   []AgentReport `json:"agents"`
	Findings []Finding     `json:"findings"`
	Failed   bool          `json:"failed"`
}

// Check compares what emitting src would write with the files on disk
// (missing, stale, edited by hand), lints the agents' rule directories,
// and, for each agent promptc has a verified pipeline of, builds that
// pipeline from each directory an emitted file is in and reports which
// rule the agent receives, and why not. cwd is where user-scope files are
// checked from (the repository root at project scope).
func Check(ctx context.Context, src Source, opts Options, h Host, cwd string) (*CheckReport, error) {
	if h.FS == nil {
		h.FS = osfs.Root()
	}
	// One snapshot for the whole check (fscache.Snapshot): every path
	// stat'ed, listed and read once, every file parsed once, and one
	// Resolver, for every pipeline run (a plain Plan.Run would otherwise
	// make a snapshot per run). The plan reads through it too (checkFS)
	// when both see the real file system.
	snap := fscache.Snapshot(h.FS)
	wfs := newCheckFS(opts.fs(), h.FS, snap)
	h.FS = snap
	realRoot, err := wfs.EvalSymlinks(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("target root: %w", err) // as Plan words it
	}
	realRoot = filepath.ToSlash(realRoot)
	// The agents' builds need only the files emit would write (Files, no
	// disk); the plan's reads of the files there and the lint run beside
	// them, over the same snapshot.
	files, findings := Files(src, opts.Scope)
	var (
		plan    *Result
		planErr error
		lints   []Finding
		planned = make(chan struct{})
	)
	go func() {
		defer close(planned)
		if plan, planErr = planCheck(ctx, files, findings, opts, wfs); planErr == nil && opts.Scope == ScopeProject {
			lints = lint(h.FS, realRoot)
		}
	}()
	// Each rule's text as verifyDir looks for it in what an agent sends.
	texts := map[string]string{}
	for _, r := range src.Rules {
		texts[r.ID] = strings.TrimSpace(r.Text)
	}
	dirs := checkDirs(files, opts.Scope, realRoot, cwd)
	var todo []Agent
	for _, a := range agents {
		if len(src.Targets) == 0 || slices.Contains(src.Targets, a.Target) {
			todo = append(todo, a)
		}
	}
	reports, err := checkAgents(ctx, todo, files, opts.Scope, h, realRoot, dirs, texts)
	<-planned
	if planErr != nil {
		return nil, planErr
	}
	if err != nil {
		return nil, err
	}
	rep := &CheckReport{Root: realRoot, Scope: opts.Scope, Files: []FileState{}, Agents: []AgentReport{}, Findings: append(plan.Findings, lints...)}
	for _, c := range plan.Changes {
		fs := FileState{Path: c.Path, Target: c.Target}
		switch c.Action {
		case ActUnchanged:
			fs.State = "ok"
		case ActCreate:
			fs.State, fs.Reason = "missing", "not written yet (run promptc emit)"
		case ActUpdate:
			fs.State, fs.Reason = "stale", "differs from the source (run promptc emit)"
		case ActRemove:
			fs.State, fs.Reason = "stale", "its rules are gone from the source (run promptc emit to remove it)"
		case ActConflict:
			fs.State, fs.Reason = "edited", c.Reason
		default:
			fs.State, fs.Reason = "error", c.Reason
		}
		rep.Files = append(rep.Files, fs)
	}
	rep.Agents = reports
	rep.Failed = rep.failed()
	return rep, nil
}

// checkDirs are the directories (absolute) the verified agents are run
// from: the root and every directory an emitted file is in, at project
// scope; cwd at user scope.
func checkDirs(files []File, scope Scope, realRoot, cwd string) []string {
	if scope == ScopeUser {
		return []string{cwd}
	}
	dirs := []string{realRoot}
	for _, f := range files {
		d := path.Dir(f.Path)
		if d == "." || path.Base(d) == "rules" || path.Base(d) == "instructions" || d == ".clinerules" || d == ".github" {
			continue
		}
		if abs := path.Join(realRoot, d); !slices.Contains(dirs, abs) {
			dirs = append(dirs, abs)
		}
	}
	slices.Sort(dirs[1:])
	return dirs
}

// agentJob is one build of a verified agent's pipeline from one
// directory: its report goes to reports[agent].Dirs[slot].
type agentJob struct {
	agent, slot int
	run         *agentRun
	dir         string
}

// checkAgents reports each agent of todo. The builds are independent:
// every (agent, directory) pair is one job, run by GOMAXPROCS workers, so
// an agent with a costly pipeline does not keep the others waiting; the
// report keeps the agents' and directories' order, and an agent's error
// is its first directory's, as if built one after another.
func checkAgents(ctx context.Context, todo []Agent, files []File, scope Scope, h Host, realRoot string, dirs []string, texts map[string]string) ([]AgentReport, error) {
	reports := make([]AgentReport, len(todo))
	runs := make([]*agentRun, len(todo))
	errs := make([]error, len(todo))
	pls := make([][]placement, len(todo))
	workers := runtime.GOMAXPROCS(0)
	// Each agent's pipeline is compiled and its params bound first (in
	// parallel: a first compile is the costly part of a small check).
	each(len(todo), workers, func(i int) {
		a := todo[i]
		ar := AgentReport{Agent: a.Name, Target: a.Target, Pipeline: a.Pipeline, Verified: a.Pipeline != ""}
		defer func() { reports[i] = ar }()
		if !ar.Verified {
			ar.Note = "unverified: promptc has no pipeline of " + a.Name + "; its files are checked against the documented format only"
			for _, f := range files {
				if f.Target == a.Target && (f.Agent == "" || f.Agent == a.Name) {
					ar.Files = append(ar.Files, f.Path)
				}
			}
			return
		}
		ar.Note = "verified: promptc's pipeline " + a.Pipeline + " built from the root and each directory holding a nested file of it"
		if pls[i] = placements(a, files, scope, texts); len(pls[i]) == 0 {
			return
		}
		runs[i], errs[i] = newAgentRun(ctx, a, h, dirs[0])
	})
	var jobs []agentJob
	for i, a := range todo {
		if runs[i] == nil {
			continue
		}
		ds := agentDirs(a, files, scope, realRoot, dirs)
		reports[i].Dirs = make([]DirReport, len(ds))
		for k, d := range ds {
			jobs = append(jobs, agentJob{agent: i, slot: k, run: runs[i], dir: d})
		}
	}
	jobErrs := make([]error, len(jobs))
	each(len(jobs), workers, func(j int) {
		job := jobs[j]
		l, err := job.run.build(ctx, job.dir)
		if err != nil {
			jobErrs[j] = err
			return
		}
		a := todo[job.agent]
		reports[job.agent].Dirs[job.slot] = dirReport(l, a, realRoot, relDir(realRoot, job.dir, scope), pls[job.agent])
	})
	for j, err := range jobErrs {
		if err != nil && errs[jobs[j].agent] == nil {
			errs[jobs[j].agent] = err
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return reports, nil
}

// each calls f(0..n-1) on at most workers goroutines and waits.
func each(n, workers int, f func(int)) {
	if n == 0 {
		return
	}
	workers = min(workers, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}

// agentDirs are the directories of dirs agent a is built from: the
// first (the root, or the cwd at user scope) and those holding a nested
// file of a's target; the others would show the same files.
func agentDirs(a Agent, files []File, scope Scope, realRoot string, dirs []string) []string {
	if scope == ScopeUser {
		return dirs
	}
	out := dirs[:1:1]
	for _, f := range files {
		if f.Target != a.Target {
			continue
		}
		d := path.Join(realRoot, path.Dir(f.Path))
		if slices.Contains(dirs, d) && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// relDir names a checked directory for the report: below the root, "."
// for the root (user scope: relative to HOME, which may climb out).
func relDir(realRoot, d string, scope Scope) string {
	if d == realRoot && scope == ScopeProject {
		return "."
	}
	if r, err := filepath.Rel(realRoot, d); err == nil {
		return filepath.ToSlash(r)
	}
	return d
}

// failed reports whether the check fails: a file not as emit would
// write it, an error finding, or a rule an agent should receive and will
// not.
func (r *CheckReport) failed() bool {
	for _, f := range r.Files {
		if f.State != "ok" {
			return true
		}
	}
	for _, f := range r.Findings {
		if f.Severity == "error" {
			return true
		}
	}
	for _, a := range r.Agents {
		for _, d := range a.Dirs {
			for _, s := range d.Rules {
				if s.Status == StSkips {
					return true
				}
			}
		}
	}
	return false
}
