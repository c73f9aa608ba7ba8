package architecture

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeKeepsNoCaches: the plan cache and the warm-builder cache are
// package host's (host.PlanCache, host.BuilderCache); serve keeps transport
// concerns only. Measured: no serve source file makes a Builder or holds
// an LRU of its own.
func TestServeKeepsNoCaches(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "serve", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no serve files: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, word := range []string{"engine.NewBuilder", "container/list"} {
			if strings.Contains(string(data), word) {
				t.Errorf("%s uses %s: the warm-builder and plan caches belong to package host", filepath.Base(f), word)
			}
		}
	}
}
