package architecture

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHostAboveEngine: package host (and host/args) sits above the
// engine: it imports the engine, and nothing the engine depends on
// imports it back.
func TestHostAboveEngine(t *testing.T) {
	if deps := ours(goList(t, "-deps", module+"host")); !slices.Contains(deps, "engine") {
		t.Errorf("host does not depend on the engine: %v", deps)
	}
	for _, p := range ours(goList(t, "-deps", module+"engine")) {
		if p == "host" || strings.HasPrefix(p, "host/") {
			t.Errorf("the engine depends on %s", p)
		}
	}
	for _, p := range ours(goList(t, "-deps", module+"host/...")) {
		if strings.HasPrefix(p, "cmd/") || p == "serve" || p == "casetest" {
			t.Errorf("host depends on %s, which is above it", p)
		}
	}
}

// TestServeUsesNoCommand: promptc serve answers requests through package
// host, not through the command line's code.
func TestServeUsesNoCommand(t *testing.T) {
	deps := ours(goList(t, "-deps", module+"serve"))
	for _, p := range deps {
		if strings.HasPrefix(p, "cmd/") {
			t.Errorf("serve depends on %s", p)
		}
	}
	if !slices.Contains(deps, "host") {
		t.Error("serve does not use package host")
	}
}

// TestCommandHoldsNoLayerLogic: cmd/promptc keeps flags, printing and exit
// codes; finding layers, the trust gate, param bindings and input lines
// are package host's. Measured: the command imports neither config (the
// layer files), bind (params from flags), execrun nor pi's expansion (the
// runs of input lines), and its code neither compiles layers nor reads a
// trust verdict.
func TestCommandHoldsNoLayerLogic(t *testing.T) {
	for _, line := range goList(t, "-f", "{{join .Imports \",\"}}", module+"cmd/promptc") {
		for _, imp := range strings.Split(line, ",") {
			switch strings.TrimPrefix(imp, module) {
			case "config", "bind", "execrun", "internal/port/pi/expand":
				t.Errorf("cmd/promptc imports %s (layers, bindings and runs belong to package host)", imp)
			}
		}
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "cmd", "promptc", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cmd/promptc files: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, word := range []string{"TrustVerdict", "CompileSettings", "LoadSettings", "config.Project", "config.Global", "bind.Params"} {
			if strings.Contains(string(data), word) {
				t.Errorf("%s uses %s: layer, trust and binding logic belongs to package host", filepath.Base(f), word)
			}
		}
	}
}
