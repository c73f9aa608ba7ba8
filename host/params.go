package host

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

// params computes the params of plan for req: the flags its params bind,
// the environment and the host's facts (package bind), then req's
// Params, ParamsFile and ParamValues, which win in that order. A name
// given explicitly that the pipeline does not declare is a [UsageError];
// a param a layer locked, a [LockedError].
func (h *Host) params(plan *engine.Plan, req Request) (map[string]any, error) {
	e := h.Env
	wd, wdErr := e.Getwd()
	if _, err := sourcedate.Today(e.Getenv(sourcedate.Var), time.Now); err != nil {
		return nil, UsageError{err.Error()}
	}
	explicit := map[string]any{}
	for k, v := range req.Params {
		explicit[k] = v
	}
	if req.ParamsFile != "" {
		if err := readParamsFile(req.ParamsFile, e, explicit); err != nil {
			return nil, err
		}
	}
	for _, kv := range req.ParamValues {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, UsageError{fmt.Sprintf("--param %q: want NAME=VALUE", kv)}
		}
		var val any
		if err := yaml.Unmarshal([]byte(v), &val); err != nil {
			return nil, UsageError{fmt.Sprintf("--param %s: value is not valid YAML: %v", k, err)}
		}
		explicit[k] = val
	}
	facts := bind.Host{Getenv: e.Getenv, Wd: wd, WdErr: wdErr, Home: e.Home(), Today: e.Today(), OS: runtime.GOOS, FS: FS(e)}
	params, err := bind.Params(plan, req.Flags, explicit, facts)
	if errors.Is(err, bind.ErrNoWd) {
		return nil, err // the environment, not the request, is at fault
	}
	if le := new(engine.LockedParamError); errors.As(err, &le) {
		return nil, LockedError{le}
	}
	if err != nil {
		return nil, UsageError{err.Error()}
	}
	if err := plan.CheckParams(params); err != nil {
		if le := new(engine.LockedParamError); errors.As(err, &le) {
			return nil, LockedError{le}
		}
		return nil, UsageError{err.Error()}
	}
	return params, nil
}

// yamlLine splits yaml.v3's "yaml: line N: message".
var yamlLine = lazyre.New(`^yaml: line (\d+): (.*)$`)

// readParamsFile merges a JSON (or YAML) object of param values into
// into; "-" reads the Env's standard input.
func readParamsFile(path string, e Env, into map[string]any) error {
	var data []byte
	var err error
	if path == "-" {
		data, err = sources.ReadAllSized(e.Stdin(), "standard input", 0, MaxFileBytes)
	} else {
		data, err = ReadFile(e, path)
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
				return UsageError{fmt.Sprintf("%s: params must be a JSON or YAML object: %v", path, err)}
			}
			msg := yerr.Error()
			if m := yamlLine().FindStringSubmatch(msg); m != nil {
				return UsageError{fmt.Sprintf("%s:%s: params must be a JSON or YAML object: %s", path, m[1], m[2])}
			}
			return UsageError{fmt.Sprintf("%s: params must be a JSON or YAML object: %s", path, strings.TrimPrefix(msg, "yaml: "))}
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
