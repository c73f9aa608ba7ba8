package architecture

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeKeepsNoCaches: the plan cache and the warm-builder cache are
// package host's (host.PlanCache, host.BuilderCache); serve keeps transport
// concerns only. Measured: serve's code neither makes a Builder nor holds
// an LRU of its own.
func TestServeKeepsNoCaches(t *testing.T) {
	code := packageCode(t, "serve")
	for _, word := range []string{"engine.NewBuilder", "container/list"} {
		if strings.Contains(code, word) {
			t.Errorf("serve uses %s: the warm-builder and plan caches belong to package host", word)
		}
	}
}

// packageCode is the text of the package's Go files, tests left out.
func packageCode(t *testing.T, pkg string) string {
	t.Helper()
	out := goList(t, "-f", "{{.Dir}} {{join .GoFiles \" \"}}", module+pkg)
	if len(out) < 2 {
		t.Fatalf("go list %s: no Go files: %v", pkg, out)
	}
	var b strings.Builder
	for _, name := range out[1:] {
		data, err := os.ReadFile(filepath.Join(out[0], name))
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}
