package host

import (
	"errors"
	"slices"
	"testing"
)

// TestPipelineFamily: a selector matches a pipeline when it names it,
// names it without @version, names a built-in alias of it (an
// unversioned name of the same agent: pipelines.Aliases), or names a
// pipeline on its extends chain; never a versioned pipeline that extends
// it.
func TestPipelineFamily(t *testing.T) {
	files := map[string]string{
		"/team.yaml":  "name: team\nextends: default\n",
		"/alias.yaml": "extends: guarded\n",
	}
	read := func(n string) ([]byte, error) {
		if d, ok := files[n]; ok {
			return []byte(d), nil
		}
		return nil, errors.New("no file")
	}
	for _, tc := range []struct {
		pipeline string
		match    []string
		not      []string
	}{
		{"default", []string{"default", "pi", "pi@1.6.0", "pi@0.83.0"}, []string{"codex", "guarded"}},
		{"pi@0.83.0", []string{"pi@0.83.0", "pi", "default"}, []string{"pi@1.6.0"}},
		{"pi@1.6.0", []string{"pi@1.6.0", "default", "pi", "pi@0.83.0"}, []string{"codex"}},
		{"cowagent@head", []string{"cowagent@head", "cowagent", "cowagent@i18n"}, []string{"default"}},
		{"cowagent@i18n", []string{"cowagent@i18n", "cowagent"}, []string{"cowagent@head"}},
		{"codex-system", []string{"codex-system", "codex", "codex@0.171.0"}, []string{"claude-code"}},
		{"guarded", []string{"guarded"}, []string{"default", "pi"}},
		{"/team.yaml", []string{"/team.yaml", "team", "default", "pi", "pi@0.83.0"}, []string{"codex"}},
		{"/alias.yaml", []string{"/alias.yaml", "guarded"}, []string{"default"}},
	} {
		got := pipelineNames(read, tc.pipeline)
		for _, m := range tc.match {
			if !slices.Contains(got, m) {
				t.Errorf("%s answers to %v: not %s", tc.pipeline, got, m)
			}
		}
		for _, m := range tc.not {
			if slices.Contains(got, m) {
				t.Errorf("%s answers to %v, %s among them", tc.pipeline, got, m)
			}
		}
	}
}
