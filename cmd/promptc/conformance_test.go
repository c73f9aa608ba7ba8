package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestConformance runs the shared pi conformance harness (real pi 0.83.0
// outputs) over a freshly built promptc, both inside each case's cwd and
// with --cwd. It needs ../../../shared (present in CI, beside the
// checkout) and python3; without them it is skipped, and the testscript
// goldens still cover every case.
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
	summary := regexp.MustCompile(`(?m)^pi conformance: (\d+) passed, (\d+) failed, (\d+) skipped$`)
	for _, extra := range [][]string{nil, {"--with-cwd-flag"}} {
		args := append([]string{filepath.Join(shared, "pi.py"), "--promptc", bin}, extra...)
		out, err := exec.Command(python, args...).CombinedOutput()
		m := summary.FindSubmatch(out)
		if m == nil {
			t.Fatalf("pi.py %v: no summary line (err %v):\n%s", extra, err, out)
		}
		t.Logf("pi.py %v: %s", extra, m[0])
		if string(m[2]) != "0" || err != nil {
			t.Errorf("pi.py %v failed:\n%s", extra, out)
		}
	}
}
