package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/promptc/promptc/config"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources"
	"gopkg.in/yaml.v3"
)

// Environment variables that move the configuration layers (so that
// tests and containers can point elsewhere).
const (
	envSystemConfig = "PROMPTC_SYSTEM_CONFIG"
	envUserConfig   = "PROMPTC_USER_CONFIG"
	envXDGConfig    = "XDG_CONFIG_HOME"
)

// configLayers are the layers found without flags for one command line:
// the system and user layers that apply, and the reports of those that do
// not.
type configLayers struct {
	applied []engine.Layer
	skipped []engine.LayerReport
	// base is the pipeline a layer named (pipeline:), when --pipeline
	// did not.
	base string
}

// findGlobal looks for the system and user layers; with --no-config it
// looks for none.
func findGlobal(e env, noConfig bool) ([]config.Candidate, error) {
	if noConfig {
		return nil, nil
	}
	system, user := globalPaths(e)
	return config.Global(config.Settings{FS: hostFS(e), SystemPath: system, UserPath: user})
}

// globalPaths are where the system and user layers are looked for.
func globalPaths(e env) (system, user string) {
	system = e.Getenv(envSystemConfig)
	if system == "" {
		system = config.DefaultSystemPath
	}
	user = e.Getenv(envUserConfig)
	if user == "" {
		user = config.UserPath(e.Getenv(envXDGConfig), e.Home())
	}
	return system, user
}

// noConfigReports are the layers --no-config skipped, unread.
func noConfigReports(e env) []engine.LayerReport {
	system, user := globalPaths(e)
	const why = "--no-config"
	return []engine.LayerReport{
		{Name: system, Role: engine.RoleSystem, Status: engine.StatusIgnored, Reason: why},
		{Name: user, Role: engine.RoleUser, Status: engine.StatusIgnored, Reason: why},
		{Name: config.ProjectFile, Role: engine.RoleProject, Status: engine.StatusIgnored, Reason: why},
	}
}

// chooseGlobal decides the base pipeline (--pipeline, else the base the
// highest layer names, else default) and which global layers apply: a
// layer that names another base is ignored. names gives the names a base
// answers to (see pipelineNames).
func chooseGlobal(cands []config.Candidate, pipeline string, given bool, names func(string) []string) (base string, cl configLayers) {
	base = pipeline
	if !given {
		for i := len(cands) - 1; i >= 0; i-- {
			if cands[i].Found && cands[i].Base != "" {
				base = cands[i].Base
				break
			}
		}
	}
	answers := names(base)
	for _, c := range cands {
		switch {
		case !c.Found:
			cl.skipped = append(cl.skipped, c.Report(engine.StatusAbsent, ""))
		case c.Base != "" && !slices.Contains(answers, c.Base):
			cl.skipped = append(cl.skipped, c.Report(engine.StatusIgnored, fmt.Sprintf("it is for pipeline %s, not %s", c.Base, base)))
		default:
			cl.applied = append(cl.applied, c.Layer)
		}
	}
	return base, cl
}

// pipelineNames are the names the base pipeline ref answers to in a
// layer's pipeline: key: ref itself, for a built-in every name of the
// same pipeline (default, pi and pi@1.6.0), and for a pipeline file the
// name it declares or inherits through extends (a file without name: that
// extends default is for default).
func pipelineNames(read func(string) ([]byte, error), ref string) []string {
	names := []string{ref}
	for range 16 { // extends chains are short; a cycle is loadPlan's error
		if _, builtin := pipelines.Lookup(ref); builtin {
			return append(names, pipelines.Aliases(ref)...)
		}
		data, err := read(ref)
		if err != nil {
			return names
		}
		var top struct {
			Name    string `yaml:"name"`
			Extends string `yaml:"extends"`
		}
		if yaml.Unmarshal(data, &top) != nil {
			return names
		}
		if top.Name != "" {
			return append(names, top.Name)
		}
		if top.Extends == "" {
			return names
		}
		if _, builtin := pipelines.Lookup(top.Extends); builtin || filepath.IsAbs(top.Extends) {
			ref = top.Extends
		} else {
			ref = filepath.Join(filepath.Dir(ref), top.Extends)
		}
	}
	return names
}

// projectVerdict decides whether a project layer may apply to a run of
// plan with in: the project must be trusted by the pipeline's own
// decision (its explain trust role), and a .promptc.yaml counts as a
// resource that needs trust, so "nothing here needs trust" never admits it.
func projectVerdict(ctx context.Context, plan *engine.Plan, in engine.Input) (bool, string, error) {
	id := plan.Spec().Explain.Trust
	if id == "" {
		return false, fmt.Sprintf("pipeline %s decides no project trust (it names no explain trust source), so no project layer applies", plan.Spec().Name), nil
	}
	outs, err := plan.Resolve(ctx, in, id)
	if err != nil {
		return false, "", err
	}
	tj, ok := outs[id].Value.(sources.TrustJudge)
	if !ok {
		return false, fmt.Sprintf("source %s gives no trust decision", id), nil
	}
	v := tj.TrustVerdict()
	switch {
	case v.Gate != nil && v.Gate.Trusted:
		return true, "", nil
	case v.Gate != nil:
		return false, "the project is not trusted (" + v.Gate.Reason + ")", nil
	case v.Trusted && v.ByDecision:
		return true, "", nil
	case v.Trusted:
		return false, "the project is not trusted by a decision (" + v.Reason + "), and a project layer needs one", nil
	}
	return false, "the project is not trusted (" + v.Reason + ")", nil
}
