package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// maxInitBytes is the most one of promptc's packages may allocate while
// the process starts.
const maxInitBytes = 4096

// TestPackageInitsAreCheap: every promptc process, a one-line build as
// much as anything, runs every linked package's init first. promptc's own
// packages compile no regexps and build no large tables there (they wait
// for first use, internal/lazyre), so a build pays only for what it uses.
// It reads the runtime's init trace of this test binary, which links the
// same packages as promptc.
func TestPackageInitsAreCheap(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG="+strings.TrimPrefix(os.Getenv("GODEBUG")+",inittrace=1", ","))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	line := regexp.MustCompile(`(?m)^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, \d+ allocs$`)
	seen := 0
	for _, m := range line.FindAllStringSubmatch(string(out), -1) {
		if !strings.HasPrefix(m[1], "github.com/promptc/promptc/") {
			continue
		}
		seen++
		if n, _ := strconv.Atoi(m[2]); n > maxInitBytes {
			t.Errorf("%s allocates %d bytes at start-up (at most %d): build what it needs on first use", m[1], n, maxInitBytes)
		}
	}
	if seen < 5 {
		t.Fatalf("the init trace names %d of promptc's packages:\n%s", seen, out)
	}
}
