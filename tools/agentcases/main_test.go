package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/tools/txtargen"
)

// TestCasesAreFresh is -check: the checked-in case files are what the
// converter writes from the checked-in recorded cases.
func TestCasesAreFresh(t *testing.T) {
	root := filepath.Join("..", "..", "testdata")
	sets, rsets, err := convertBoth(filepath.Join(root, "agents", "cases"), "")
	if err != nil {
		t.Fatal(err)
	}
	var report bytes.Buffer
	out := filepath.Join(root, "promptc-tests", "agents")
	for i, s := range sets {
		if err := txtargen.Sync(filepath.Join(out, s.agent), "*.txtar", s.files, true, &report); err != nil {
			t.Errorf("%v:\n%s(run go run ./tools/agentcases)", err, report.String())
		}
		if err := txtargen.Sync(filepath.Join(root, "agents", "readdir-tests", s.agent), "*.txtar", rsets[i].files, true, &report); err != nil {
			t.Errorf("%v:\n%s(run go run ./tools/agentcases)", err, report.String())
		}
	}
	if err := txtargen.Sync(out, "README.md", map[string][]byte{"README.md": readme(sets, rsets)}, true, &report); err != nil {
		t.Errorf("%v:\n%s(run go run ./tools/agentcases)", err, report.String())
	}
}
