package agentrun_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// promptcBin is the promptc binary TestMain builds for the tests that run
// it as a process (signals, exit statuses, the real CLIs).
var promptcBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "promptc-agentrun-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	promptcBin = filepath.Join(dir, "promptc")
	out, err := exec.Command("go", "build", "-o", promptcBin, "github.com/promptc/promptc/cmd/promptc").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "building promptc: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(3)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
