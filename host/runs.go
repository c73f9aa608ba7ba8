package host

import (
	"context"
	"os"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/execrun"
	"github.com/promptc/promptc/internal/port/pi/expand"
	"github.com/promptc/promptc/sources"
)

// withRuns sets up the session's runs: one per input line, expanded as pi
// expands a user's line, with exec transforms run (as the Env's
// [Executors] says) in the cwd the pipeline assembles for.
func (s *Session) withRuns() {
	s.Input.Turns = s.req.Inputs
	if len(s.Input.Turns) == 0 {
		return
	}
	s.Input.Expand = piExpand
	var dir string
	if cwd := s.Cwd(); cwd != "" {
		if fi, err := os.Stat(cwd); err == nil && fi.IsDir() {
			dir = cwd
		}
	}
	s.Input.Exec = executorFor(s.h.Env, dir)
	s.Input.ProjectTrusted = s.ProjectApplied
}

// executorFor runs exec programs in dir as e says, else as child
// processes with the host's environment.
func executorFor(e Env, dir string) engine.Executor {
	if x, ok := e.(Executors); ok {
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
