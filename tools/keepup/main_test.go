package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/promptc/promptc/internal/testkit/suite"
)

// keepupSuite is the run of keepup against the real pi 1.6.0: announced
// when it skips.
var keepupSuite = &suite.Suite{Name: suite.KeepUp}

// TestKeepUpPi16 runs keepup on three curated cases with the real pi
// 1.6.0 (the installed oracle: $PI16_ORACLE_DIR, else
// ../shared/oracle/pi-1.6.0 with node_modules): against pi@0.83.0 it must
// report every case changed and name the sections 1.6.0 reworded (the
// identity line, the tools, the rules, the docs, the cwd), with the rules
// their docs cite; against pi@1.6.0 nothing. It skips, saying why,
// without the oracle or the shared harness.
func TestKeepUpPi16(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: records cases with the real pi")
	}
	shared, err := filepath.Abs(filepath.Join("..", "..", "..", "shared"))
	if err != nil {
		t.Fatal(err)
	}
	oracle := os.Getenv("PI16_ORACLE_DIR")
	if oracle == "" {
		oracle = filepath.Join(shared, "oracle", "pi-1.6.0")
	}
	if _, err := os.Stat(filepath.Join(oracle, "node_modules", "@earendil-works", "pi-coding-agent")); err != nil {
		keepupSuite.Skip(t, fmt.Sprintf("no installed pi 1.6.0 oracle in %s (set $PI16_ORACLE_DIR): %v", oracle, err))
	}
	if _, err := os.Stat(filepath.Join(shared, "conformance", "pi.py")); err != nil {
		keepupSuite.Skip(t, fmt.Sprintf("no shared conformance harness: %v", err))
	}
	if _, err := exec.LookPath("python3"); err != nil {
		keepupSuite.Skip(t, "no python3 for the shared harness")
	}
	cases := t.TempDir()
	for _, c := range []string{"ctx-basic", "tools-bash-only", "sys-custom-no-read"} {
		if out, err := exec.Command("cp", "-a", filepath.Join(shared, "oracle", "pi", "cases", c), cases).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	promptc := filepath.Join(t.TempDir(), "promptc")
	if out, err := exec.Command("go", "build", "-o", promptc, "github.com/promptc/promptc/cmd/promptc").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	o := options{agent: "pi", version: "1.6.0", oracle: oracle, shared: shared, cases: cases, promptc: promptc}

	o.pipeline = "pi@0.83.0"
	old, err := run(o)
	if err != nil {
		t.Fatal(err)
	}
	if old.Cases != 3 || old.Failed != 3 || len(old.FailedCases) != 3 {
		t.Errorf("against pi@0.83.0: %d cases, %d failed, want 3 and 3", old.Cases, old.Failed)
	}
	changed := map[string]sectionChange{}
	for _, s := range old.Sections {
		changed[s.ID] = s
	}
	for _, id := range []string{"body_identity", "body_tools", "body_guidelines", "body_pi_docs", "cwd"} {
		if _, ok := changed[id]; !ok {
			t.Errorf("against pi@0.83.0: section %s not reported as changed (got %+v)", id, old.Sections)
		}
	}
	if s := changed["body_identity"]; !slices.Contains(s.Rules, "ASM-1") {
		t.Errorf("body_identity cites %q, want ASM-1", s.Rules)
	}

	o.pipeline = ""
	now, err := run(o)
	if err != nil {
		t.Fatal(err)
	}
	if now.Pipeline != "pi@1.6.0" || now.Passed != 3 || now.Failed != 0 || len(now.Sections) != 0 {
		t.Errorf("the nearest pipeline for 1.6.0: %s, %d passed, %d failed, sections %+v; want pi@1.6.0, 3, 0, none", now.Pipeline, now.Passed, now.Failed, now.Sections)
	}
}
