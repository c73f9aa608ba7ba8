package cowagentskills

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/internal/port/py/pyyaml"
)

// csPath is os.confstr("CS_PATH") on glibc: the PATH shutil.which uses
// when the environment has none.
const csPath = "/bin:/usr/bin"

// include is config.should_include_skill: the platform matches, and either
// always is truthy or every requirement is met.
func (l *loader) include(e *entry) bool {
	m := e.meta
	if m == nil {
		return true
	}
	if len(m.os) > 0 && !contains(m.os, l.opts.platform()) {
		return false
	}
	if pyyaml.Truthy(m.always) {
		return true
	}
	return len(l.missing(e)) == 0
}

// missing is config.get_missing_requirements: kind -> what is missing, in
// requirementKinds order ("bins" and "env" list the missing names,
// "anyBins" and "anyEnv" all names when none is present).
func (l *loader) missing(e *entry) [][2]string {
	m := e.meta
	if m == nil || m.requires.Len() == 0 {
		return nil
	}
	var out [][2]string
	add := func(kind string, names []string) {
		if len(names) > 0 {
			out = append(out, [2]string{kind, strings.Join(names, ", ")})
		}
	}
	var miss []string
	for _, b := range m.requirement("bins") {
		if !l.hasBinary(b) {
			miss = append(miss, b)
		}
	}
	add("bins", miss)
	if names := m.requirement("anyBins"); len(names) > 0 && !l.anyOf(names, l.hasBinary) {
		add("anyBins", names)
	}
	miss = nil
	for _, v := range m.requirement("env") {
		if !l.hasEnv(v) {
			miss = append(miss, v)
		}
	}
	add("env", miss)
	if names := m.requirement("anyEnv"); len(names) > 0 && !l.anyOf(names, l.hasEnv) {
		add("anyEnv", names)
	}
	return out
}

func (l *loader) anyOf(names []string, ok func(string) bool) bool {
	for _, n := range names {
		if ok(n) {
			return true
		}
	}
	return false
}

// hasEnv is has_env_var: set and not blank.
func (l *loader) hasEnv(name string) bool {
	v, ok := l.opts.Env[name]
	return ok && pytext.Strip(v) != ""
}

// hasBinary is shutil.which(name) is not None on POSIX: a name with a "/"
// is checked as a path; otherwise each PATH entry in turn (an empty one is
// the working directory). A candidate counts when it exists, is not a
// directory and has an execute bit (os.access(X_OK), with the caller's
// identity unknown).
func (l *loader) hasBinary(name string) bool {
	if strings.Contains(name, "/") {
		return l.executable(name)
	}
	p, ok := l.opts.Env["PATH"]
	if !ok {
		if p = l.opts.DefaultPath; p == "" {
			p = csPath
		}
	}
	if p == "" {
		return false
	}
	seen := map[string]bool{}
	for _, dir := range strings.Split(p, ":") {
		if seen[dir] {
			continue
		}
		seen[dir] = true
		if l.executable(pytext.Join(dir, name)) {
			return true
		}
	}
	return false
}

func (l *loader) executable(p string) bool {
	fi, ok := l.view.stat(p)
	return ok && !fi.IsDir() && fi.Mode().Perm()&0o111 != 0
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// readConfig is SkillManager._load_skills_config: the persisted
// skills_config.json of the custom directory, {} when it is missing, not
// readable JSON (with CowAgent's warning) or not an object.
func (l *loader) readConfig(dir string) *pyyaml.Dict {
	p := pytext.Join(dir, ConfigFile)
	l.consult(p)
	if !l.view.exists(p) {
		return pyyaml.NewDict()
	}
	warn := func(err error) *pyyaml.Dict {
		l.res.Diags.Warnf(l.view.abs(p), CodeConfig, "[SkillManager] Failed to load %s: %v", ConfigFile, err)
		return pyyaml.NewDict()
	}
	text, size, err := pytext.ReadText(l.view.fsys, l.view.base, p)
	if err != nil {
		return warn(err)
	}
	v, err := pyyaml.LoadJSON(text)
	if err != nil {
		return warn(err)
	}
	l.origin(p, RoleConfig, size)
	d, ok := v.(*pyyaml.Dict)
	if !ok {
		return pyyaml.NewDict()
	}
	return d
}

// enabled is the "enabled" value _sync_skills_config computes for a
// skill: the persisted one (default true) for a skill the file names,
// else metadata.default_enabled. A persisted entry that is not an object
// makes CowAgent raise.
func enabled(saved *pyyaml.Dict, e *entry) (any, error) {
	if prev, ok := saved.Get(e.name); ok {
		d, ok := prev.(*pyyaml.Dict)
		if !ok {
			return nil, &BuildError{Err: fmt.Errorf("AttributeError: '%s' object has no attribute 'get'", pyyaml.TypeName(prev))}
		}
		if v, ok := d.Get("enabled"); ok {
			return v, nil
		}
		return true, nil
	}
	if e.meta != nil {
		return e.meta.defaultEnabled, nil
	}
	return true, nil
}
