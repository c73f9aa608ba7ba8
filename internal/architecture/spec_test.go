package architecture

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLoaderStandsApart: the engine's loader (engine/spec: layers, extends,
// registrations, the lock rule, the spec types) sits below compile and
// run. Measured: engine imports engine/spec; engine/spec's closure is the
// leaf packages it reads YAML and the schema with, so it imports neither
// engine nor host nor anything above them.
func TestLoaderStandsApart(t *testing.T) {
	allowed := []string{"engine/spec", "diag", "schema", "internal/yamlpos"}
	for _, p := range ours(goList(t, "-deps", module+"engine/spec")) {
		if !slices.Contains(allowed, p) {
			t.Errorf("engine/spec depends on %s (allowed: %s)", p, strings.Join(allowed, ", "))
		}
	}
	imports := ours(goList(t, "-f", "{{join .Imports \" \"}}", module+"engine"))
	if !slices.Contains(imports, "engine/spec") {
		t.Errorf("engine does not import engine/spec: %v", imports)
	}
}

// TestLockRuleInOnePlace: what a lock forbids a higher layer is decided in
// engine/spec/locks.go alone: no other file of the module's code reports
// the layer/locked diagnostic.
func TestLockRuleInOnePlace(t *testing.T) {
	root := filepath.Join("..", "..")
	var where []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(data), `"layer/locked"`) {
			rel, _ := filepath.Rel(root, path)
			where = append(where, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(where, []string{"engine/spec/locks.go"}) {
		t.Errorf("layer/locked is reported from %v, want engine/spec/locks.go only", where)
	}
}
