package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
)

// Fixed paths of the oracle and the harness (shared/conformance/cowagent.py).
const (
	oracleRoot       = "/tmp/cowagent-oracle"
	emptyCwd         = oracleRoot + "/cwd"
	defaultWorkspace = oracleRoot + "/ws"
	// harnessTmp stands for the harness's fresh temp dir, which holds the
	// params file and the empty HOME; scripts use $WORK/harness.
	harnessTmp = "/tmp/cowagent-conformance-XXXX"
	// scriptPath is the PATH the params' skills.env gets. The harness
	// passes its own PATH there, which a script cannot write into a file;
	// only requires.bins checks read it.
	scriptPath = "/usr/local/bin:/usr/bin:/bin"
)

var languages = []string{"zh", "en", "zh-Hant"}

var headOnlyInputs = []string{"project_dir", "permission_mode", "skip_context_files"}

// skipError is a case the params contract cannot express for the target:
// the harness reports SKIP, the script skips.
type skipError struct{ reason string }

func (e skipError) Error() string { return e.reason }

func skipf(format string, args ...any) error { return skipError{fmt.Sprintf(format, args...)} }

// plan is what the harness derives from one case: the params, the --cwd
// (and working directory), and what it lays out under the oracle root.
type plan struct {
	params       object
	cwd          string
	workspace    *string
	wsFiles      object // workspace_before_build
	builtinDir   *string
	builtinFiles object // builtin_skills_before_build
	forced       *string
	project      *string // project_dir, created as the oracle creates it (head inputs only)
}

// buildPlan is build_plan of the harness, for target label of exp. The
// params' HOME is harnessTmp/home and their PATH scriptPath. With
// headInputs (revision.headInputs) the head-only inputs become params
// rather than a reason to skip.
func buildPlan(c, exp object, headInputs bool) (*plan, error) {
	wbb, ok := exp.get("workspace_before_build")
	if !ok {
		return nil, skipf("expected file has no workspace_before_build (regenerate with oracle/cowagent/run-all.sh)")
	}
	target, _ := exp.getOr("target", nil).(object)
	label := target.getOr("label", nil)
	ignored := map[string]bool{}
	list, _ := exp.getOr("ignored_inputs", nil).([]any)
	for _, s := range list {
		ignored[strings.SplitN(pytext.Str(s), " ", 2)[0]] = true
	}
	entry := exp.getOr("entry", nil)
	if !pytext.Truthy(entry) {
		entry = c.getOr("entry", "agent")
	}
	if entry != "agent" && entry != "builder" {
		return nil, skipf("unknown entry %v", entry)
	}

	var headOnly []string
	for _, k := range headOnlyInputs {
		// Python: case.get(k) not in (None, False), where 0 == False too.
		if v := c.getOr(k, nil); v != nil && v != false && v != 0.0 && !ignored[k] {
			headOnly = append(headOnly, k)
		}
	}
	if len(headOnly) > 0 && !headInputs {
		return nil, skipf("head-only CowAgent input (%s); the params contract follows i18n and has no field for it", strings.Join(headOnly, ", "))
	}
	conf, _ := c.getOr("conf", nil).(object)
	for _, m := range conf {
		if m.key == "knowledge" || (m.key == "agent_permission_mode" && (label != "head" || headInputs)) {
			continue
		}
		return nil, skipf("conf key %q has no params field", m.key)
	}
	if entry == "builder" && c.getOr("load_context_files", true) == false {
		return nil, skipf("load_context_files=false (builder entry without context files) has no params field")
	}

	language := exp.getOr("language", c.getOr("language", "zh"))
	lang, _ := language.(string)
	if !slices.Contains(languages, lang) {
		return nil, skipf("language %v is not one of %s (what get_language() returns)", language, strings.Join(languages, ", "))
	}

	p := &plan{}
	wsVal := exp.getOr("workspace_dir", nil)
	if wsVal != nil {
		ws, ok := wsVal.(string)
		if !ok {
			return nil, fmt.Errorf("workspace_dir in expected file is not a string: %v", wsVal)
		}
		p.workspace = &ws
	}
	if (p.workspace == nil) != (wbb == nil) {
		return nil, fmt.Errorf("workspace_dir and workspace_before_build disagree about having a workspace")
	}
	if wbb != nil {
		if p.wsFiles, ok = wbb.(object); !ok {
			return nil, fmt.Errorf("workspace_before_build is not an object")
		}
	}

	tools := []any{}
	toolList, _ := c.getOr("tools", nil).([]any)
	for _, t := range toolList {
		name := t
		td, isDict := t.(object)
		if isDict {
			name = td.getOr("name", nil)
		}
		if _, ok := name.(string); !ok {
			return nil, fmt.Errorf("tool name is not a string: %v", name)
		}
		if label == "head" && isDict {
			// head's Agent drops tools whose is_available() is falsy; a raising check counts as available.
			if av := td.getOr("available", true); av != "raise" && !pytext.Truthy(av) {
				continue
			}
		}
		tools = append(tools, name)
	}

	params := object{
		{"language", lang},
		{"workspace_dir", wsVal},
		{"tools", tools},
		{"memory_manager", pytext.Truthy(c.getOr("memory_manager", nil))},
		{"knowledge", pytext.Truthy(conf.getOr("knowledge", true))},
	}

	var skills any
	if c.getOr("skills", nil) != nil {
		sd, _ := exp.getOr("skill_dirs", nil).(object)
		if !pytext.Truthy(sd) {
			return nil, skipf("expected file has no skill_dirs (regenerate with oracle/cowagent/run-all.sh)")
		}
		env := object{{"PATH", scriptPath}, {"HOME", harnessTmp + "/home"}, {"LANG", "C.UTF-8"}}
		caseEnv, _ := c.getOr("env", nil).(object)
		for _, m := range caseEnv {
			env.set(m.key, pytext.Str(m.val))
		}
		builtin, custom := sd.getOr("builtin_dir", nil), sd.getOr("custom_dir", nil)
		skills = object{{"builtin_dir", builtin}, {"custom_dir", custom}, {"env", env}}
		if bf := exp.getOr("builtin_skills_before_build", nil); bf != nil {
			dir, ok := builtin.(string)
			if p.builtinFiles, _ = bf.(object); !ok || p.builtinFiles == nil {
				return nil, fmt.Errorf("builtin_skills_before_build without a builtin_dir string, or not an object")
			}
			p.builtinDir = &dir
		}
	}
	params = append(params, member{"skills", skills})

	wsSubst := wsVal
	if wsSubst == nil {
		wsSubst = c.getOr("workspace_dir", defaultWorkspace)
	}
	wsStr, ok := wsSubst.(string)
	if !ok {
		return nil, fmt.Errorf("workspace_dir for ${WORKSPACE} is not a string: %v", wsSubst)
	}
	project, _ := c.getOr("project_dir", nil).(string)
	params = append(params, member{"runtime_info", substAll(c.getOr("runtime_info", nil), []string{"${WORKSPACE}", wsStr, "${PROJECT}", project})})

	if ui := c.getOr("user_identity", nil); entry == "builder" && ui != nil && !ignored["user_identity"] {
		params = append(params, member{"user_identity", ui})
	}
	if suf := c.getOr("extra_system_suffix", nil); entry == "agent" && suf != nil && !ignored["extra_system_suffix"] {
		params = append(params, member{"extra_system_suffix", suf})
	}
	params = append(params, member{"today", exp.getOr("today", c.getOr("today", nil))})
	if entry == "agent" {
		// Agent(system_prompt=...) is what get_full_system_prompt falls back to.
		params = append(params, member{"fallback_prompt", c.getOr("cached_system_prompt", "")})
	}

	if inject := c.getOr("inject_error", nil); pytext.Truthy(inject) {
		if entry != "agent" {
			return nil, skipf("inject_error=%v on the builder entry has no fallback to express", inject)
		}
		if skills == nil {
			return nil, skipf("inject_error=%v: a forced build failure is only expressible with skills enabled (a regular file at skills.custom_dir makes CowAgent's refresh_skills raise)", inject)
		}
		custom, ok := skills.(object).getOr("custom_dir", nil).(string)
		if !ok {
			return nil, fmt.Errorf("skill_dirs.custom_dir is not a string")
		}
		p.forced = &custom
	}

	if headInputs {
		params = append(params, headParams(c, conf, headOnly, label)...)
		if v, _ := c.getOr("project_dir", nil).(string); slices.Contains(headOnly, "project_dir") {
			p.project = &v
		}
	}

	p.params = params
	p.cwd = emptyCwd
	if p.workspace != nil {
		p.cwd = *p.workspace
	}
	return p, nil
}

// headParams are cowagent@head's params for the head-only inputs the
// case gives (headOnly: those it sets and the golden does not ignore),
// under CowAgent's names, and the conf key agent_permission_mode when
// the revision reads it.
func headParams(c, conf object, headOnly []string, label any) []member {
	var out []member
	for _, k := range headOnlyInputs {
		if !slices.Contains(headOnly, k) {
			continue
		}
		v := c.getOr(k, nil)
		if k == "skip_context_files" {
			v = pytext.Truthy(v)
		}
		out = append(out, member{k, v})
	}
	if v, ok := conf.get("agent_permission_mode"); ok && label == "head" {
		out = append(out, member{"agent_permission_mode", v})
	}
	return out
}

// substAll replaces, in every string of v (not in keys), each old of the
// old/new pairs in order, as the harness's _subst does.
func substAll(v any, pairs []string) any {
	switch t := v.(type) {
	case string:
		for i := 0; i+1 < len(pairs); i += 2 {
			t = strings.ReplaceAll(t, pairs[i], pairs[i+1])
		}
		return t
	case object:
		out := make(object, len(t))
		for i, m := range t {
			out[i] = member{m.key, substAll(m.val, pairs)}
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = substAll(e, pairs)
		}
		return out
	}
	return v
}
