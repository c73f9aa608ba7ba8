package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/tools/txtargen"
)

// TestCasesAreFresh is -check: the checked-in case files are what the
// converter writes from the checked-in scripts.
func TestCasesAreFresh(t *testing.T) {
	root := filepath.Join("..", "..", "testdata")
	sets, err := convertAll(filepath.Join(root, "scripts"))
	if err != nil {
		t.Fatal(err)
	}
	var report bytes.Buffer
	out := filepath.Join(root, "promptc-tests")
	for _, s := range sets {
		if err := txtargen.Sync(filepath.Join(out, s.dir), "*.txtar", s.files, true, &report); err != nil {
			t.Errorf("%v:\n%s(run go run ./tools/oraclecases)", err, report.String())
		}
	}
	if err := txtargen.Sync(out, "README.md", map[string][]byte{"README.md": readme(sets)}, true, &report); err != nil {
		t.Errorf("%v:\n%s(run go run ./tools/oraclecases)", err, report.String())
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"exec promptc build --cwd $WORK/home/proj", []string{"exec", "promptc", "build", "--cwd", "$WORK/home/proj"}},
		{"env HOME=${WORK}/h", []string{"env", "HOME=$WORK/h"}},
		{"exec promptc build --append-system-prompt 'it''s  two'", []string{"exec", "promptc", "build", "--append-system-prompt", "it's  two"}},
	}
	for _, tc := range tests {
		got, err := words(tc.line)
		if err != nil || len(got) != len(tc.want) {
			t.Errorf("words(%q) = %q, %v; want %q", tc.line, got, err, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("words(%q) = %q; want %q", tc.line, got, tc.want)
			}
		}
	}
	for _, bad := range []string{"a 'open", "a '$WORK'", "a $HOME"} {
		if _, err := words(bad); err == nil {
			t.Errorf("words(%q): no error", bad)
		}
	}
}
