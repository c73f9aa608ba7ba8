package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestOracleCases runs promptc test over the oracle cases converted into
// case files (testdata/promptc-tests, see tools/oraclecases): the runner
// on 90-odd real pi and CowAgent cases, in-process, without ../shared.
func TestOracleCases(t *testing.T) {
	var stdout, stderr bytes.Buffer
	dir := filepath.Join("..", "..", "testdata", "promptc-tests")
	// The pi extension cases run their translated handlers as exec
	// transforms (python3 programs of the case).
	if code := run(context.Background(), []string{"test", "--allow-exec", dir}, &stdout, &stderr, osEnv{}); code != exitOK {
		t.Fatalf("promptc test %s: exit %d\n%s%s", dir, code, stdout.String(), stderr.String())
	}
	m := regexp.MustCompile(`(?m)^(\d+) passed, 0 failed$`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("no summary line:\n%s", stdout.String())
	}
	if n, _ := strconv.Atoi(m[1]); n < 90 {
		t.Errorf("%d cases passed; want the 90-odd oracle cases", n)
	}
}
