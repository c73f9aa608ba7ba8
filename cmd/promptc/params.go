package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/promptc/promptc/diag"

	"gopkg.in/yaml.v3"
)

// paramsFromFlags maps pi-compatible flags and the environment to the
// params of the default pipeline, then applies --params FILE and
// --param NAME=VALUE. Pipelines ignore the environment params they do not
// declare; given lists the names the user set explicitly (--params,
// --param), which the caller checks against the pipeline.
func paramsFromFlags(p *parsed, e env) (params map[string]any, given []string, err error) {
	wd, err := e.Getwd()
	if err != nil {
		return nil, nil, fmt.Errorf("working directory: %w", err)
	}
	cwd, cwdArg := wd, wd
	if p.has("cwd") {
		cwd, cwdArg = physicalDir(wd, p.get("cwd")), p.get("cwd")
	}
	home := e.Getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	agentDir := filepath.Join(home, ".pi", "agent")
	if v := e.Getenv("PI_CODING_AGENT_DIR"); v != "" {
		agentDir = resolvePath(wd, expandTilde(v, home))
	}
	if p.has("agent-dir") {
		agentDir = resolvePath(wd, expandTilde(p.get("agent-dir"), home))
	}
	params = map[string]any{
		"cwd":                       cwd,
		"cwd_arg":                   cwdArg,
		"today":                     e.Today(),
		"home":                      home,
		"path":                      e.Getenv("PATH"),
		"agent_dir":                 agentDir,
		"load_context_files":        !p.has("no-context-files"),
		"discover_skills":           !p.has("no-skills"),
		"discover_prompt_templates": !p.has("no-prompt-templates"),
		"skill_paths":               nonNilList(p.list("skill")),
		"prompt_template_paths":     nonNilList(p.list("prompt-template")),
		"exclude_tools":             splitList(p.get("exclude-tools")),
		"trust_mode":                trustDecision(p),
	}
	if v := e.Getenv("PI_PACKAGE_DIR"); v != "" {
		params["package_dir"] = resolvePath(wd, expandTilde(v, home))
	}
	if p.has("tools") {
		params["tool_allowlist"] = splitList(p.get("tools"))
	}
	switch {
	case p.has("no-tools"):
		params["disable_tools"] = "all"
	case p.has("no-builtin-tools"):
		params["disable_tools"] = "builtin"
	}
	if p.has("system-prompt") {
		params["system_prompt"] = []string{p.get("system-prompt")}
	}
	if p.has("append-system-prompt") {
		params["append_system_prompt"] = p.list("append-system-prompt")
	}
	if p.has("params") {
		keys, err := readParamsFile(p.get("params"), params)
		if err != nil {
			return nil, nil, err
		}
		given = append(given, keys...)
	}
	for _, kv := range p.list("param") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, nil, usageError{fmt.Sprintf("--param %q: want NAME=VALUE", kv)}
		}
		var val any
		if err := yaml.Unmarshal([]byte(v), &val); err != nil {
			return nil, nil, usageError{fmt.Sprintf("--param %s: value is not valid YAML: %v", k, err)}
		}
		params[k] = val
		given = append(given, k)
	}
	return params, given, nil
}

// checkGiven rejects explicitly given params the pipeline does not
// declare, so that a typo never silently changes the prompt.
func checkGiven(given, declared []string, pipeline string) error {
	known := map[string]bool{}
	for _, d := range declared {
		known[d] = true
	}
	for _, g := range given {
		if known[g] {
			continue
		}
		msg := fmt.Sprintf("pipeline %s has no param %q", pipeline, g)
		if s := diag.DidYouMean(g, declared); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return usageError{msg}
	}
	return nil
}

// trustDecision maps --approve / --no-approve (the last one given wins).
func trustDecision(p *parsed) string {
	decision := "auto"
	for _, name := range p.order {
		switch name {
		case "approve":
			decision = "approve"
		case "no-approve":
			decision = "deny"
		}
	}
	return decision
}

// readParamsFile merges a JSON (or YAML) object of param values into
// into and returns its keys, sorted.
func readParamsFile(path string, into map[string]any) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading params: %w", err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		if yerr := yaml.Unmarshal(data, &m); yerr != nil {
			return nil, usageError{fmt.Sprintf("%s: params must be a JSON or YAML object: %v", path, err)}
		}
	}
	keys := make([]string, 0, len(m))
	for k, v := range m {
		into[k] = v
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, nil
}

// physicalDir makes dir absolute against wd and resolves its symlinks; a
// directory that does not exist is used as the absolute path.
func physicalDir(wd, dir string) string {
	abs := resolvePath(wd, dir)
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// resolvePath is Node's path.resolve(wd, p) for one argument.
func resolvePath(wd, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(wd, p)
}

// expandTilde expands "~" and "~/..." to home.
func expandTilde(p, home string) string {
	if p == "~" {
		return home
	}
	if strings.HasPrefix(p, "~/") {
		return filepath.Join(home, p[2:])
	}
	return p
}

func nonNilList(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}
