package host

import (
	"fmt"
	"path/filepath"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/config"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/pipelines"
)

// Environment variables that move the configuration layers (so that
// tests and containers can point elsewhere).
const (
	EnvSystemConfig = "PROMPTC_SYSTEM_CONFIG"
	EnvUserConfig   = "PROMPTC_USER_CONFIG"
	envXDGConfig    = "XDG_CONFIG_HOME"
)

// DefaultPipeline is the pipeline of a request that names none when no
// layer's default_pipeline: names one.
const DefaultPipeline = "default"

// ConfigPaths are where the system and user layers are looked for in e:
// $PROMPTC_SYSTEM_CONFIG, else /etc/promptc/config.yaml; and
// $PROMPTC_USER_CONFIG, else the XDG user path.
func ConfigPaths(e Env) (system, user string) {
	system = e.Getenv(EnvSystemConfig)
	if system == "" {
		system = config.DefaultSystemPath
	}
	user = e.Getenv(EnvUserConfig)
	if user == "" {
		user = config.UserPath(e.Getenv(envXDGConfig), e.Home())
	}
	return system, user
}

// configLayers are the global layers for one request: the system and
// user layers that apply, and the reports of those that do not.
type configLayers struct {
	applied []spec.Layer
	skipped []spec.LayerReport
}

// findGlobal looks for the system and user layers; with noConfig it
// looks for none.
func (h *Host) findGlobal(noConfig bool) ([]config.Candidate, error) {
	if noConfig {
		return nil, nil
	}
	system, user := ConfigPaths(h.Env)
	return config.Global(config.Settings{FS: FS(h.Env), SystemPath: system, UserPath: user})
}

// noConfigReports are the layers a request with NoConfig skipped, unread.
func noConfigReports(e Env) []spec.LayerReport {
	system, user := ConfigPaths(e)
	const why = "--no-config"
	return []spec.LayerReport{
		{Name: system, Role: spec.RoleSystem, Status: spec.StatusIgnored, Reason: why},
		{Name: user, Role: spec.RoleUser, Status: spec.StatusIgnored, Reason: why},
		{Name: config.ProjectFile, Role: spec.RoleProject, Status: spec.StatusIgnored, Reason: why},
	}
}

// chooseGlobal decides the base pipeline (the request's, else the
// default_pipeline: of the highest layer that names one, else
// [DefaultPipeline]) and which global layers apply: a layer whose
// pipeline: names a pipeline outside the base's family is ignored.
// family gives the names a base answers to (see pipelineNames).
func chooseGlobal(cands []config.Candidate, pipeline string, family func(string) []string) (base string, cl configLayers) {
	base = pipeline
	if base == "" {
		base = DefaultPipeline
		for i := len(cands) - 1; i >= 0; i-- {
			if cands[i].Found && cands[i].Default != "" {
				base = cands[i].Default
				break
			}
		}
	}
	answers := family(base)
	for _, c := range cands {
		switch {
		case !c.Found:
			cl.skipped = append(cl.skipped, c.Report(spec.StatusAbsent, ""))
		case c.Base != "" && !slices.Contains(answers, c.Base):
			cl.skipped = append(cl.skipped, c.Report(spec.StatusIgnored, fmt.Sprintf("it is for pipeline %s, not %s", c.Base, base)))
		default:
			cl.applied = append(cl.applied, c.Layer)
		}
	}
	return base, cl
}

// pipelineNames is the family of the base pipeline ref: the selectors a
// layer's pipeline: (and for: keys) may give to mean it. A selector
// matches a pipeline when it names it, names it without its @version,
// names a built-in alias of it (default, pi and pi@1.6.0 are one
// pipeline while they follow pi 1.6.0: pipelines.Aliases), or names any
// pipeline on its extends chain (so a layer for pi applies to
// pi@0.83.0 and a layer for cowagent@i18n to cowagent@head, not the
// other way round). A pipeline file contributes the name it declares.
func pipelineNames(read func(string) ([]byte, error), ref string) []string {
	var names []string
	add := func(n string) {
		if n == "" {
			return
		}
		for _, m := range []string{n, versionless(n)} {
			if !slices.Contains(names, m) {
				names = append(names, m)
			}
		}
	}
	for range 16 { // extends chains are short; a cycle is loadPlan's error
		add(ref)
		data, builtin := pipelines.Lookup(ref)
		if builtin {
			for _, a := range pipelines.Aliases(ref) {
				add(a)
			}
		} else {
			var err error
			if data, err = read(ref); err != nil {
				return names
			}
		}
		var top struct {
			Name    string `yaml:"name"`
			Extends string `yaml:"extends"`
		}
		if yaml.Unmarshal(data, &top) != nil {
			return names
		}
		if !builtin {
			add(top.Name)
		}
		if top.Extends == "" {
			return names
		}
		if _, isBuiltin := pipelines.Lookup(top.Extends); isBuiltin || builtin || filepath.IsAbs(top.Extends) {
			ref = top.Extends
		} else {
			ref = filepath.Join(filepath.Dir(ref), top.Extends)
		}
	}
	return names
}

// versionless is name without its @version.
func versionless(name string) string {
	agent, _ := pipelines.SplitVersion(name)
	return agent
}
