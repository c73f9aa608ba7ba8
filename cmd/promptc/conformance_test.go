package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/promptc/promptc/internal/testkit/suite"
)

// conformanceSuite is the shared conformance harness's suite: announced
// when it skips, a failure where CI requires it.
var conformanceSuite = &suite.Suite{Name: suite.Conformance}

// TestConformance runs the shared conformance harnesses over a freshly
// built promptc: pi (real pi 0.83.0 outputs, pipeline pi@0.83.0), both
// inside each case's cwd and with --cwd, and CowAgent (its real builder at
// revision i18n with cowagent@i18n, and at head with cowagent@head). The pi
// harness runs a second time with the translations of the cases that need
// JavaScript extensions (testdata/pi-translations: tool files, resources,
// transforms), which then pass instead of being skipped, and a third time
// over the extension cases recorded for promptc (testdata/pi-ext-cases).
// It needs ../../../shared (present in CI, beside the checkout) and
// python3; without them it is skipped, and the testscript goldens still
// cover every case.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	shared, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "conformance"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(shared, "pi.py")); err != nil {
		conformanceSuite.Skip(t, "no shared conformance harness beside the checkout ("+shared+")")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		conformanceSuite.Skip(t, "python3 not installed")
	}
	bin := filepath.Join(t.TempDir(), "promptc")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	translations := filepath.Join(testdata, "pi-translations")
	extCases := filepath.Join(testdata, "pi-ext-cases")
	summary := regexp.MustCompile(`(?m)^\w+ conformance: (\d+) passed, (\d+) failed, (\d+) skipped$`)
	translated := regexp.MustCompile(`(?m)^translated extension cases passed: (\d+)$`)
	headOnlySkip := regexp.MustCompile(`(?m)^SKIP \S+: head-only CowAgent input`)
	for _, run := range []struct {
		args []string
		// translated is how many translated cases must pass; -1: none
		// may be translated, and only pi may skip (extension cases).
		translated int
	}{
		// Every run names its pipeline: the version it checks, never
		// "default" or "cowagent", which follow the newest.
		{[]string{"pi.py", "--pipeline", "pi@0.83.0"}, -1},
		{[]string{"pi.py", "--pipeline", "pi@0.83.0", "--with-cwd-flag"}, -1},
		{[]string{"cowagent.py", "--pipeline", "cowagent@i18n"}, -1},
		{[]string{"cowagent.py", "--target", "head", "--pipeline", "cowagent@head"}, -1},
		{[]string{"pi.py", "--pipeline", "pi@0.83.0", "--translations", translations}, 7},
		{[]string{"pi.py", "--pipeline", "pi@0.83.0", "--translations", translations, "--with-cwd-flag"}, 7},
		{[]string{"pi.py", "--pipeline", "pi@0.83.0", "--cases", extCases, "--translations", translations}, countCases(t, extCases)},
		// pi 1.6.0's recordings, with the pipeline that reproduces them.
		{[]string{"pi.py", "--pi-version", "1.6.0", "--pipeline", "pi@1.6.0", "--translations", translations}, 7},
		{[]string{"pi.py", "--pi-version", "1.6.0", "--pipeline", "pi@1.6.0", "--cases", filepath.Join(testdata, "pi16-cases")}, -1},
		{[]string{"pi.py", "--pi-version", "1.6.0", "--pipeline", "pi@1.6.0", "--cases", extCases, "--translations", translations}, countCases(t, extCases)},
	} {
		args := append([]string{filepath.Join(shared, run.args[0]), "--promptc", bin}, run.args[1:]...)
		out, err := exec.Command(python, args...).CombinedOutput()
		m := summary.FindSubmatch(out)
		if m == nil {
			t.Fatalf("%v: no summary line (err %v):\n%s", run.args, err, out)
		}
		t.Logf("%v: %s", run.args, m[0])
		failed := string(m[2]) != "0" || err != nil
		tm := translated.FindSubmatch(out)
		switch {
		case run.translated < 0 && tm != nil:
			failed = true
		case run.translated < 0:
			// pi skips the cases that need JavaScript extensions;
			// CowAgent must skip nothing, except at head the cases
			// with head-only inputs, which the harness's params
			// cannot say (testdata/scripts/cowhead_* run them).
			skips := 0
			if slices.Contains(run.args, "head") {
				skips = len(headOnlySkip.FindAll(out, -1))
			}
			failed = failed || (run.args[0] == "cowagent.py" && string(m[3]) != strconv.Itoa(skips))
		default:
			// With the translations nothing is skipped.
			failed = failed || string(m[3]) != "0" || tm == nil || string(tm[1]) != strconv.Itoa(run.translated)
		}
		if failed {
			t.Errorf("%v failed:\n%s", run.args, out)
		}
	}
}

// countCases is the number of oracle cases (folders with a case.json) in
// dir.
func countCases(t *testing.T, dir string) int {
	t.Helper()
	cases, err := filepath.Glob(filepath.Join(dir, "*", "case.json"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no case in %s (%v)", dir, err)
	}
	return len(cases)
}
