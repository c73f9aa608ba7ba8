package architecture

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/promptc/promptc/"

// goList runs `go list` with args and returns one line per package.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	return strings.Fields(string(out))
}

// ours keeps the module's packages, without the module prefix.
func ours(pkgs []string) []string {
	var out []string
	for _, p := range pkgs {
		if rest, ok := strings.CutPrefix(p, module); ok {
			out = append(out, rest)
		}
	}
	return out
}

// TestEngineClosure: the engine's dependency closure is the vocabulary and
// leaf packages only; no kind, and no port of another runtime's behaviour
// but Node's error wording (internal/port/js/nodeerr), which its @import
// warnings print.
func TestEngineClosure(t *testing.T) {
	allowed := []string{"engine", "engine/spec", "sources", "diag", "prov", "conditions", "sections", "schema", "internal/yamlpos", "internal/fscache", "internal/budget", "internal/mdimport", "internal/port/js/nodeerr"}
	for _, p := range ours(goList(t, "-deps", module+"engine")) {
		if !slices.Contains(allowed, p) {
			t.Errorf("engine depends on %s (allowed: %s)", p, strings.Join(allowed, ", "))
		}
	}
}

// TestVocabularyIsLeaf: sources imports nothing of promptc but diag and prov.
func TestVocabularyIsLeaf(t *testing.T) {
	for _, p := range ours(goList(t, "-deps", module+"sources")) {
		if p != "sources" && p != "diag" && p != "prov" {
			t.Errorf("the vocabulary depends on %s", p)
		}
	}
}

// TestNothingAboveImportsAKind: packages above the engine reach kinds only
// through sources/builtin.
func TestNothingAboveImportsAKind(t *testing.T) {
	for _, line := range goList(t, "-f", "{{.ImportPath}}:{{join .Imports \",\"}}", module+"...") {
		pkg, imports, _ := strings.Cut(line, ":")
		pkg = strings.TrimPrefix(pkg, module)
		if strings.HasPrefix(pkg, "sources/") || strings.HasPrefix(pkg, "tools/") || strings.HasPrefix(pkg, "internal/") {
			continue
		}
		for _, imp := range strings.Split(imports, ",") {
			if strings.HasPrefix(imp, module+"sources/kinds") {
				t.Errorf("%s imports kind package %s (use sources roles, or sources/builtin to register)", pkg, strings.TrimPrefix(imp, module))
			}
		}
	}
}

// TestKindsAreIndependent: a kind imports neither the engine nor another
// kind (shared code lives in sources/kinds/internal).
func TestKindsAreIndependent(t *testing.T) {
	for _, line := range goList(t, "-f", "{{.ImportPath}}:{{join .Imports \",\"}}", module+"sources/kinds/...") {
		pkg, imports, _ := strings.Cut(line, ":")
		pkg = strings.TrimPrefix(pkg, module)
		if strings.HasPrefix(pkg, "sources/kinds/internal/") {
			continue
		}
		for _, imp := range strings.Split(imports, ",") {
			imp = strings.TrimPrefix(imp, module)
			switch {
			case imp == "engine" || strings.HasPrefix(imp, "engine/"):
				t.Errorf("kind %s imports the engine", pkg)
			case strings.HasPrefix(imp, "sources/kinds/") && !strings.HasPrefix(imp, "sources/kinds/internal/"):
				t.Errorf("kind %s imports kind %s", pkg, imp)
			}
		}
	}
}

// TestBudgetLeavesAreLeaves: the engine's budget and import helpers, and
// the ports' and kinds' lazy regexps, import nothing of promptc.
func TestBudgetLeavesAreLeaves(t *testing.T) {
	for _, leaf := range []string{"internal/budget", "internal/mdimport", "internal/lazyre"} {
		for _, p := range ours(goList(t, "-deps", module+leaf)) {
			if p != leaf {
				t.Errorf("%s depends on %s", leaf, p)
			}
		}
	}
}
