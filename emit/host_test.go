package emit

import (
	"context"
	"testing"

	"github.com/promptc/promptc/sources"
)

// homeHost is a Host whose environment holds HOME=home alone, reading
// through fsys (nil: the real file system, as Check defaults).
func homeHost(home string, fsys sources.FS) Host {
	return Host{Getenv: func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}, Home: home, FS: fsys}
}

// paramsIn is a copy of the run's params with cwd = dir.
func (r *agentRun) paramsIn(dir string) map[string]any {
	params := make(map[string]any, len(r.params))
	for k, v := range r.params {
		params[k] = v
	}
	params["cwd"] = dir
	return params
}

// verifiedRuns are the runs of every agent promptc has a pipeline of,
// from root, as the check makes them.
func verifiedRuns(t *testing.T, h Host, root string) []*agentRun {
	t.Helper()
	var out []*agentRun
	for _, a := range agents {
		if a.Pipeline == "" {
			continue
		}
		run, err := newAgentRun(context.Background(), a, h, root)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, run)
	}
	return out
}
