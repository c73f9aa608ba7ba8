package main

import (
	"context"
	"io"
	"os"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/execrun"
	"github.com/promptc/promptc/internal/port/pi/expand"
	"github.com/promptc/promptc/sources"
)

// inputFlag is --input LINE: the prompt of the run LINE starts, after
// /skill: and prompt-template expansion and the pipeline's transforms.
var inputFlag = flagDef{name: "input", kind: listFlag, metavar: "LINE", help: "the prompt of the run LINE starts, after its transforms (repeatable with --json: one run each)"}

// withRuns sets up the session's runs: one per --input line, expanded as
// pi expands a user's line, with exec transforms run as child processes
// in the cwd the pipeline assembles for.
func (s *session) withRuns() {
	s.in.Turns = s.p.list("input")
	if len(s.in.Turns) == 0 {
		return
	}
	s.in.Expand = piExpand
	var dir string
	if cwd, ok := s.in.Params["cwd"].(string); ok {
		if fi, err := os.Stat(cwd); err == nil && fi.IsDir() {
			dir = cwd
		}
	}
	s.in.Exec = executorFor(s.e, dir)
	s.in.ProjectTrusted = s.projectApplied
}

// execEnv is an env that says how exec transforms run: promptc test's
// cases run their programs only with --allow-exec, and then with the
// case's own variables (casetest.Env.Executor).
type execEnv interface {
	Executor(dir string) engine.Executor
}

// executorFor runs exec programs in dir as e says, else as child
// processes with the host's environment.
func executorFor(e env, dir string) engine.Executor {
	if x, ok := e.(execEnv); ok {
		return x.Executor(dir)
	}
	return execrun.Runner{Dir: dir}
}

// piExpand is pi's expansion of a user's line: /skill:NAME, then prompt
// templates (CMD-1, TPL-E*).
func piExpand(ctx context.Context, fsys sources.FS, line string, skills sources.SkillLister, templates sources.TemplateLister) (string, diag.List, error) {
	var ss []expand.Skill
	var ts []expand.Template
	if skills != nil {
		for _, s := range skills.SkillEntries() {
			ss = append(ss, expand.Skill{Name: s.Name, FilePath: s.Path, StripBOM: s.StripBOM})
		}
	}
	if templates != nil {
		for _, t := range templates.TemplateEntries() {
			ts = append(ts, expand.Template{Name: t.Name, Content: t.Content, ArgQuotes: t.ArgQuotes})
		}
	}
	return expand.Expand(ctx, fsys, line, ss, ts)
}

// printRuns prints the warnings of every run.
func printRuns(w io.Writer, runs []engine.RunResult) {
	for _, r := range runs {
		printWarnings(w, r.Diagnostics)
	}
}
