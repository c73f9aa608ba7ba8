// Package splitcheck runs the integrations' property scripts: a script
// (Node for the pi extension, Python for the CowAgent adapter) feeds random
// splits of multi-byte reply streams to its transport's line reader, exits
// non-zero with the first counterexample, and otherwise prints one JSON
// object of Counts. The package holds what both runners check; it is used
// by tests only.
package splitcheck

import (
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// Counts is what a property script prints: how much it exercised.
type Counts struct {
	Cases                int `json:"cases"`                  // random streams
	Lines                int `json:"lines"`                  // replies in them
	Bytes                int `json:"bytes"`                  // their bytes
	Chunks               int `json:"chunks"`                 // pieces they were fed in
	CutsInsideCharacters int `json:"cuts_inside_characters"` // pieces that began inside a UTF-8 character
	CapCases             int `json:"cap_cases"`              // streams also read with a cap under their longest reply
}

// Seed is $PROMPTC_PROPERTY_SEED, else a fresh one; Run logs it, so a
// failure can be replayed.
func Seed() string {
	if s := os.Getenv("PROMPTC_PROPERTY_SEED"); s != "" {
		return s
	}
	return strconv.FormatUint(uint64(time.Now().UnixNano())&0xffffffff, 10)
}

// Run runs cmd, a property script given cases and seed, and fails t
// unless it succeeded having read cases streams with some pieces cut
// inside characters and some cap checks; it logs the counts.
func Run(t testing.TB, cmd *exec.Cmd, cases int, seed string) {
	t.Helper()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("seed %s: %v\n%s", seed, err, out)
	}
	var c Counts
	if err := json.Unmarshal(out, &c); err != nil {
		t.Fatalf("seed %s: %v: %s", seed, err, out)
	}
	if c.Cases != cases || c.CutsInsideCharacters == 0 || c.CapCases == 0 {
		t.Fatalf("seed %s: the script did not exercise what it should: %s", seed, out)
	}
	t.Logf("seed %s: %d streams, %d replies, %d bytes in %d chunks (%d cut inside a character), %d cap checks",
		seed, c.Cases, c.Lines, c.Bytes, c.Chunks, c.CutsInsideCharacters, c.CapCases)
}
