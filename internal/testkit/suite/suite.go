// Package suite lets a test package say, in a line a newcomer sees, that a
// suite of its tests did not run, and lets CI turn that skip into a
// failure. Only tests import it.
//
// A suite is a group of tests that needs something outside the module: an
// installed oracle, the shared folder beside the checkout (../shared), a
// program (chromium, xmllint). When it is missing, the suite's tests skip
// and the suite is announced once per test process:
//
//	SKIPPED SUITE integrations/pi@0.83.0: no shared folder beside the module and no $PI_ORACLE_DIR: the pi 0.83.0 oracle is not installed; it needs pi 0.83.0 installed: ... (README: What ../shared holds)
//
// go test ./... prints nothing but "ok" for a package that passes (its
// tests' output, stderr included, is shown only with -v or on failure), so
// the line goes to three places: the test's standard error (seen with -v),
// the controlling terminal (/dev/tty) when there is one, which go test
// does not capture, so a developer who runs go test ./... sees it between
// the ok lines; and the file $PROMPTC_SUITE_LOG names, when set, which
// .ci/run prints after the tests. A package whose TestMain returns
// through [Run] is also kept out of go test's cache when it skipped a
// suite, so the next go test ./... says so again instead of replaying a
// cached "ok".
//
// $PROMPTC_REQUIRE_SUITES lists suites, comma-separated, that must run:
// a skip of one of those fails instead (the test, or TestMain's run). It
// is how .ci/run makes sure the suites CI is meant to run did run. A name
// in it that no suite has is an error too (a typo would require nothing).
package suite

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// RequireEnv names the variable listing the suites that must run.
const RequireEnv = "PROMPTC_REQUIRE_SUITES"

// LogEnv names the variable naming a file each announcement is appended to.
const LogEnv = "PROMPTC_SUITE_LOG"

// The suites, by name; Known lists them with what each needs.
const (
	PiOracle083   = "integrations/pi@0.83.0"
	PiOracle160   = "integrations/pi@1.6.0"
	CowAgent      = "integrations/cowagent"
	Conformance   = "conformance"
	SharedPiCases = "shared/pi-cases"
	SharedCowCase = "shared/cowagent-cases"
	ChromiumHTML  = "explain-html-chromium"
	XMLLintJUnit  = "junit-xmllint"
	AgentRunCLIs  = "agentrun-real-clis"
	EmitCLIs      = "emit-real-clis"
	KeepUp        = "tools/keepup"
	NPMYAML       = "frontmatter-npm-yaml"
	PyYAML        = "pyyaml-real"
)

// Known are the suites and what each needs; a name $PROMPTC_REQUIRE_SUITES
// lists must be one of them.
var Known = [...]struct{ Name, Needs string }{
	{PiOracle083, "pi 0.83.0 installed: $PI_ORACLE_DIR, or npm ci in ../shared/oracle/pi; and ../shared/oracle/pi/cases"},
	{PiOracle160, "pi 1.6.0 installed: $PI16_ORACLE_DIR, or npm ci in ../shared/oracle/pi-1.6.0; and ../shared/oracle/pi/cases"},
	{CowAgent, "../shared's CowAgent oracle, python3 with PyYAML and $COWAGENT_GIT_DIRS (a bare git dir of CowAgent)"},
	{Conformance, "../shared/conformance (pi.py, cowagent.py) and python3"},
	{SharedPiCases, "the recorded pi oracle cases in ../shared/oracle/pi/cases"},
	{SharedCowCase, "the recorded CowAgent oracle cases in ../shared/oracle/cowagent/cases"},
	{ChromiumHTML, "chromium (Debian: apt-get install chromium)"},
	{XMLLintJUnit, "xmllint (Debian: apt-get install libxml2-utils)"},
	{AgentRunCLIs, "$AGENTS_DIR: the agent CLIs installed by ../shared/oracle/agents/install.sh; unshare, ip, python3"},
	{EmitCLIs, "$AGENTS_DIR: the agent CLIs installed by ../shared/oracle/agents/install.sh; unshare"},
	{KeepUp, "$PI16_ORACLE_DIR (an installed pi 1.6.0), ../shared/conformance and python3"},
	{NPMYAML, "$PI_ORACLE_DIR (an installed pi oracle, for its npm yaml) and node"},
	{PyYAML, "python3 with PyYAML"},
}

// Suite is one suite of a test package: declare it at package level,
// `var piSuite = &suite.Suite{Name: suite.PiOracle083}`, and call Skip
// from its tests or Missing from TestMain.
type Suite struct {
	Name string

	once    sync.Once
	skipped bool
	// out is where the announcement goes; nil: standard error and the
	// terminal (output).
	out io.Writer
}

// writer is s.out, else output().
func (s *Suite) writer() io.Writer {
	if s.out != nil {
		return s.out
	}
	return output()
}

// Skip ends t as skipped, for reason, announcing the suite (once per
// process); when $PROMPTC_REQUIRE_SUITES lists the suite it fails t
// instead.
func (s *Suite) Skip(t testing.TB, reason string) {
	t.Helper()
	if err := s.skip(reason, os.Getenv, s.writer()); err != nil {
		t.Fatal(err)
		return
	}
	t.Skip(reason)
}

// Missing is Skip for TestMain, which has no t: it announces the suite
// (once per process) and returns an error when the suite is required; the
// caller prints it and exits 1 (or lets its tests fail).
func (s *Suite) Missing(reason string) error {
	return s.skip(reason, os.Getenv, s.writer())
}

// Line is the announcement of suite name skipped for reason, with what
// the suite needs (Known) and where the README says how to get it.
func Line(name, reason string) string {
	for _, k := range Known {
		if k.Name == name {
			return fmt.Sprintf("SKIPPED SUITE %s: %s; it needs %s (README: %s)\n", name, reason, k.Needs, readmeSection)
		}
	}
	return fmt.Sprintf("SKIPPED SUITE %s: %s\n", name, reason)
}

// readmeSection is the README's section on ../shared and the oracles.
const readmeSection = "What ../shared holds"

// skip announces s to out (once) and says whether getenv's
// $PROMPTC_REQUIRE_SUITES makes that an error.
func (s *Suite) skip(reason string, getenv func(string) string, out io.Writer) error {
	required, err := Required(s.Name, getenv)
	if err != nil {
		return err
	}
	if required {
		return fmt.Errorf("REQUIRED SUITE %s did not run ($%s lists it): %s", s.Name, RequireEnv, reason)
	}
	// Read during a test, the marker is one of the run's inputs (Run).
	if m := marker(s.Name); m != "" {
		if f, err := os.OpenFile(m, os.O_RDONLY|os.O_CREATE, 0o644); err == nil {
			f.Close()
		}
	}
	s.once.Do(func() {
		s.skipped = true
		io.WriteString(out, Line(s.Name, reason))
		if log := getenv(LogEnv); log != "" {
			if f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
				io.WriteString(f, Line(s.Name, reason))
				f.Close()
			}
		}
	})
	return nil
}

// Required reports whether the suites getenv's $PROMPTC_REQUIRE_SUITES
// lists include name; a listed name that is not a known suite is an
// error.
func Required(name string, getenv func(string) string) (bool, error) {
	found := false
	for _, n := range strings.Split(getenv(RequireEnv), ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if !slices.ContainsFunc(Known[:], func(k struct{ Name, Needs string }) bool { return k.Name == n }) {
			return false, fmt.Errorf("$%s names %q, which is no suite (known: %s)", RequireEnv, n, strings.Join(knownNames(), ", "))
		}
		found = found || n == name
	}
	return found, nil
}

func knownNames() []string {
	out := make([]string, len(Known))
	for i, k := range Known {
		out[i] = k.Name
	}
	return out
}

// output is where an announcement goes: standard error and, when the
// process has one, its controlling terminal.
// With -v the tests' standard error is shown already: the terminal is
// left out.
func output() io.Writer {
	if flag.Parsed() && testing.Verbose() {
		return os.Stderr
	}
	tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	if err != nil {
		return os.Stderr
	}
	return ttyAndStderr{tty}
}

// ttyAndStderr writes to the terminal (then closes it) and standard error.
type ttyAndStderr struct{ tty *os.File }

func (w ttyAndStderr) Write(p []byte) (int, error) {
	w.tty.Write(p)
	w.tty.Close()
	return os.Stderr.Write(p)
}

// MarkerDir is the directory, at the module root, holding one marker file
// per suite that a run which skipped the suite reads and touches (see
// Run); .gitignore lists it. go test rechecks only the inputs inside the
// module. One file per suite: a package that skips a suite without Run
// (cmd/promptc's conformance) keeps its cached result when another
// package touches its own suite's marker.
const MarkerDir = ".skipped-suites"

// marker is suite name's file in MarkerDir at the module root (the
// directory holding go.mod above the working directory), created with
// its directory; "" when there is no module root or it cannot be written.
func marker(name string) string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			markers := filepath.Join(dir, MarkerDir)
			if err := os.MkdirAll(markers, 0o755); err != nil {
				return ""
			}
			return filepath.Join(markers, strings.NewReplacer("/", "_", "@", "_").Replace(name))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Run runs m's tests and returns their exit code. When one of suites was
// skipped by a test (Skip), the run is kept out of go test's cache: Skip
// opened the suite's marker file (MarkerDir), which go test records as an
// input of the run, and Run sets its modification time to now after the
// tests; go test does not cache a result whose inputs changed less than
// two seconds before it ends, so the next go test ./... runs the package
// again and announces the skip again rather than replaying a cached "ok".
func Run(m *testing.M, suites ...*Suite) int {
	code := m.Run()
	now := time.Now()
	for _, s := range suites {
		if m := marker(s.Name); s.skipped && m != "" {
			os.Chtimes(m, now, now)
		}
	}
	return code
}
