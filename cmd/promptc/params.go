package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/internal/lazyre"
	"github.com/promptc/promptc/internal/sourcedate"
	"github.com/promptc/promptc/sources"
)

// pipelineParams computes the params of plan from the command line: the
// flags its params bind, the environment and the process's facts (package
// bind), then --params FILE and --param NAME=VALUE, which win. A name
// given explicitly that the pipeline does not declare is a usage error.
func pipelineParams(plan *engine.Plan, p *parsed, e env) (map[string]any, error) {
	wd, wdErr := e.Getwd()
	if _, err := sourcedate.Today(e.Getenv(sourcedate.Var), time.Now); err != nil {
		return nil, usageError{err.Error()}
	}
	explicit := map[string]any{}
	if rp, ok := e.(requestParamsEnv); ok {
		for k, v := range rp.RequestParams() {
			explicit[k] = v
		}
	}
	if p.has("params") {
		if err := readParamsFile(p.get("params"), e, explicit); err != nil {
			return nil, err
		}
	}
	for _, kv := range p.list("param") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, usageError{fmt.Sprintf("--param %q: want NAME=VALUE", kv)}
		}
		var val any
		if err := yaml.Unmarshal([]byte(v), &val); err != nil {
			return nil, usageError{fmt.Sprintf("--param %s: value is not valid YAML: %v", k, err)}
		}
		explicit[k] = val
	}
	var occs []bind.Occurrence
	for _, o := range p.occs {
		if p.defs[o.name].bound {
			occs = append(occs, bind.Occurrence{Name: o.name, Value: o.value})
		}
	}
	host := bind.Host{Getenv: e.Getenv, Wd: wd, WdErr: wdErr, Home: e.Home(), Today: e.Today(), OS: runtime.GOOS, FS: hostFS(e)}
	params, err := bind.Params(plan, occs, explicit, host)
	if errors.Is(err, bind.ErrNoWd) {
		return nil, err // the environment, not the command line, is at fault
	}
	if le := new(engine.LockedParamError); errors.As(err, &le) {
		return nil, lockedError{le} // the configuration forbids it: exit 1
	}
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if err := plan.CheckParams(params); err != nil {
		if le := new(engine.LockedParamError); errors.As(err, &le) {
			return nil, lockedError{le}
		}
		return nil, usageError{err.Error()}
	}
	return params, nil
}

// requestParamsEnv is an env whose request names param values (promptc
// serve's "params"): they apply like a --params file, below --params and
// --param.
type requestParamsEnv interface {
	RequestParams() map[string]any
}

// yamlLine splits yaml.v3's "yaml: line N: message".
var yamlLine = lazyre.New(`^yaml: line (\d+): (.*)$`)

// readParamsFile merges a JSON (or YAML) object of param values into
// into; "-" reads standard input.
func readParamsFile(path string, e env, into map[string]any) error {
	var data []byte
	var err error
	if path == "-" {
		data, err = sources.ReadAllSized(e.Stdin(), "standard input", 0, MaxArgFileBytes)
	} else {
		data, err = readHostFile(e, path)
	}
	if err != nil {
		return fmt.Errorf("reading params: %w", err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		// Not JSON: YAML (a superset); report the error of the language the
		// file looks like it is written in.
		if yerr := yaml.Unmarshal(data, &m); yerr != nil {
			if trimmed := strings.TrimSpace(string(data)); json.Valid(data) || strings.HasPrefix(trimmed, "{") || strings.HasPrefix(trimmed, "[") {
				return usageError{fmt.Sprintf("%s: params must be a JSON or YAML object: %v", path, err)}
			}
			msg := yerr.Error()
			if m := yamlLine().FindStringSubmatch(msg); m != nil {
				return usageError{fmt.Sprintf("%s:%s: params must be a JSON or YAML object: %s", path, m[1], m[2])}
			}
			return usageError{fmt.Sprintf("%s: params must be a JSON or YAML object: %s", path, strings.TrimPrefix(msg, "yaml: "))}
		}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		into[k] = m[k]
	}
	return nil
}

// lockedError is a command line that sets a param a configuration layer
// locked: the configuration, not the command line's form, forbids it, so
// it is exit 1 like every other lock violation.
type lockedError struct{ err *engine.LockedParamError }

func (e lockedError) Error() string { return e.err.Error() }
