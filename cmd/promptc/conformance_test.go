package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestConformance runs the shared conformance harnesses over a freshly
// built promptc: pi (real pi 0.83.0 outputs), both inside each case's cwd
// and with --cwd, and CowAgent (its real builder at revision i18n). It
// needs ../../../shared (present in CI, beside the checkout) and python3;
// without them it is skipped, and the testscript goldens still cover every
// case.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	shared, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "conformance"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(shared, "pi.py")); err != nil {
		t.Skip("no shared conformance harness beside the checkout")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	bin := filepath.Join(t.TempDir(), "promptc")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	summary := regexp.MustCompile(`(?m)^\w+ conformance: (\d+) passed, (\d+) failed, (\d+) skipped$`)
	for _, run := range [][]string{{"pi.py"}, {"pi.py", "--with-cwd-flag"}, {"cowagent.py"}} {
		args := append([]string{filepath.Join(shared, run[0]), "--promptc", bin}, run[1:]...)
		out, err := exec.Command(python, args...).CombinedOutput()
		m := summary.FindSubmatch(out)
		if m == nil {
			t.Fatalf("%v: no summary line (err %v):\n%s", run, err, out)
		}
		t.Logf("%v: %s", run, m[0])
		// pi skips the cases that need JavaScript extensions; CowAgent
		// must skip nothing.
		failed := string(m[2]) != "0" || err != nil
		if run[0] == "cowagent.py" && string(m[3]) != "0" {
			failed = true
		}
		if failed {
			t.Errorf("%v failed:\n%s", run, out)
		}
	}
}
