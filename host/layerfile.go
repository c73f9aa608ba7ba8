package host

import (
	"path/filepath"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/sources"
)

// LayerBase says whether the file name (relative to e's working
// directory) is a layer over a pipeline rather than a pipeline file, and
// which pipeline to check it over: the one its pipeline: names, else
// [DefaultPipeline]. A file with a promptc: or an extends: key is a
// pipeline file; a file that cannot be read or parsed is reported as
// none (loading it says why).
func LayerBase(e Env, name string) (base string, layer bool) {
	abs := name
	if !filepath.IsAbs(abs) {
		wd, err := e.Getwd()
		if err != nil {
			return "", false
		}
		abs = filepath.Join(wd, name)
	}
	data, err := sources.ReadFile(FS(e), abs)
	if err != nil {
		return "", false // a built-in name, or an error the load reports
	}
	var top map[string]any
	if yaml.Unmarshal(data, &top) != nil || top == nil {
		return "", false
	}
	for _, key := range []string{"promptc", "extends"} {
		if _, whole := top[key]; whole {
			return "", false
		}
	}
	if b, ok := top["pipeline"].(string); ok && b != "" {
		return b, true
	}
	return DefaultPipeline, true
}
