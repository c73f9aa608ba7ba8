package pipelines

import (
	"slices"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestHeadersAreYAML: the line scan of every built-in pipeline finds the
// same top-level keys and extends: value as a YAML parse of the file.
func TestHeadersAreYAML(t *testing.T) {
	for _, n := range Names() {
		data, _ := Lookup(n)
		var top map[string]any
		if err := yaml.Unmarshal(data, &top); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		var keys []string
		for k := range top {
			keys = append(keys, k)
		}
		h := headers()[n]
		got := slices.Clone(h.keys)
		slices.Sort(got)
		slices.Sort(keys)
		if !slices.Equal(got, keys) {
			t.Errorf("%s: scanned keys %v, YAML keys %v", n, got, keys)
		}
		ext, _ := top["extends"].(string)
		if h.extends != ext {
			t.Errorf("%s: scanned extends %q, YAML %q", n, h.extends, ext)
		}
	}
}

// BenchmarkAliases: the names of one pipeline, as every compile asks.
func BenchmarkAliases(b *testing.B) {
	headers()
	for b.Loop() {
		Aliases("default")
	}
}
