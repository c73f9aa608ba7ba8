package suite

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// env is a getenv over a map.
func env(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

// TestSkipAnnouncesOnce: a skipped suite that is not required is announced
// once, in one line naming it and the reason, however often its tests
// skip; the file $PROMPTC_SUITE_LOG names gets the same line.
func TestSkipAnnouncesOnce(t *testing.T) {
	log := filepath.Join(t.TempDir(), "suites.log")
	s := &Suite{Name: PiOracle083}
	var out bytes.Buffer
	for range 3 {
		if err := s.skip("PI_ORACLE_DIR not set", env(map[string]string{LogEnv: log}), &out); err != nil {
			t.Fatal(err)
		}
	}
	want := "SKIPPED SUITE integrations/pi@0.83.0: PI_ORACLE_DIR not set; it needs pi 0.83.0 installed: $PI_ORACLE_DIR, or npm ci in ../shared/oracle/pi; and ../shared/oracle/pi/cases (README: What ../shared holds)\n"
	if out.String() != want {
		t.Errorf("announced %q, want %q once", out.String(), want)
	}
	if data, err := os.ReadFile(log); err != nil || string(data) != want {
		t.Errorf("the log holds %q (%v), want %q", data, err, want)
	}
}

// TestRequiredSkipFails: a suite $PROMPTC_REQUIRE_SUITES lists fails
// instead of skipping, naming the suite and the reason; another suite in
// the same process still skips; a listed name that is no suite is an
// error for every suite.
func TestRequiredSkipFails(t *testing.T) {
	required := env(map[string]string{RequireEnv: " conformance, integrations/pi@0.83.0 "})
	var out bytes.Buffer
	err := (&Suite{Name: PiOracle083}).skip("no oracle", required, &out)
	if err == nil || !strings.Contains(err.Error(), "REQUIRED SUITE integrations/pi@0.83.0 did not run") || !strings.Contains(err.Error(), "no oracle") {
		t.Errorf("required suite skipped: err = %v", err)
	}
	if out.Len() != 0 {
		t.Errorf("a required suite's failure was announced as a skip: %q", out.String())
	}
	if err := (&Suite{Name: CowAgent}).skip("no snapshot", required, &out); err != nil {
		t.Errorf("a suite not listed failed: %v", err)
	}
	err = (&Suite{Name: CowAgent}).skip("x", env(map[string]string{RequireEnv: "integrations/pi"}), &out)
	if err == nil || !strings.Contains(err.Error(), `"integrations/pi", which is no suite`) {
		t.Errorf("an unknown required name: err = %v", err)
	}
}

// fakeTB records what Skip does to a test.
type fakeTB struct {
	testing.TB
	fatal, skip string
}

func (f *fakeTB) Helper()           {}
func (f *fakeTB) Fatal(args ...any) { f.fatal = fmt.Sprint(args...) }
func (f *fakeTB) Skip(args ...any)  { f.skip = fmt.Sprint(args...) }

// TestSkipFailsTheTestWhenRequired: Skip, as the suites' tests call it,
// skips the test, or fails it when the process's $PROMPTC_REQUIRE_SUITES
// lists the suite (as .ci/run sets it).
func TestSkipFailsTheTestWhenRequired(t *testing.T) {
	t.Setenv(RequireEnv, "")
	// Its skips are the test's own: never in the log of the run around it
	// (.ci/run lists that log's suites as not run).
	log := filepath.Join(t.TempDir(), "suites.log")
	t.Setenv(LogEnv, log)
	var f fakeTB
	var out bytes.Buffer
	(&Suite{Name: XMLLintJUnit, out: &out}).Skip(&f, "xmllint not installed")
	if f.fatal != "" || f.skip != "xmllint not installed" || !strings.HasPrefix(out.String(), "SKIPPED SUITE junit-xmllint: xmllint not installed; it needs xmllint") {
		t.Errorf("not required: fatal %q, skip %q, announced %q", f.fatal, f.skip, out.String())
	}
	t.Setenv(RequireEnv, XMLLintJUnit)
	f, out = fakeTB{}, bytes.Buffer{}
	(&Suite{Name: XMLLintJUnit, out: &out}).Skip(&f, "xmllint not installed")
	if !strings.Contains(f.fatal, "REQUIRED SUITE junit-xmllint") || f.skip != "" || out.Len() != 0 {
		t.Errorf("required: fatal %q, skip %q, announced %q", f.fatal, f.skip, out.String())
	}
	if data, err := os.ReadFile(log); err != nil || !strings.HasPrefix(string(data), "SKIPPED SUITE junit-xmllint: ") {
		t.Errorf("the test's log holds %q (%v), want its one skip", data, err)
	}
}

// TestCIRequiresTheSuitesCIRuns: .ci/run sets $PROMPTC_REQUIRE_SUITES to
// known suites, among them the pi oracles, the conformance harness, the
// shared cases, chromium's HTML check and xmllint's; and it requires
// neither CowAgent (CI has no snapshot of it) nor the agent CLIs
// unconditionally.
func TestCIRequiresTheSuitesCIRuns(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*(?:export\s+)?` + RequireEnv + `="?([^"\n]*)"?\s*$`).FindSubmatch(data)
	if m == nil {
		t.Fatalf(".ci/run does not set %s", RequireEnv)
	}
	listed := strings.Split(string(m[1]), ",")
	if _, err := Required("", env(map[string]string{RequireEnv: string(m[1])})); err != nil {
		t.Error(err)
	}
	for _, want := range []string{PiOracle083, PiOracle160, Conformance, SharedPiCases, ChromiumHTML, XMLLintJUnit} {
		if !contains(listed, want) {
			t.Errorf(".ci/run's %s lacks %s", RequireEnv, want)
		}
	}
	for _, not := range []string{CowAgent, AgentRunCLIs, EmitCLIs} {
		if contains(listed, not) {
			t.Errorf(".ci/run's %s requires %s, which CI cannot always run", RequireEnv, not)
		}
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if strings.TrimSpace(l) == s {
			return true
		}
	}
	return false
}
