package pi

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// propertyCases is how many random streams TestReplyLinesProperty feeds
// (each whole and in random chunks, with its cap checks).
const propertyCases = 500

// TestReplyLinesProperty runs testdata/reply_lines_property.mjs: promptc.ts's
// ReplyLines (the serve transport's line splitter), loaded as pi loads it,
// must return for any split of a stream of UTF-8 lines (cut inside
// characters, several lines per chunk, lines over many chunks) exactly the
// lines written, and enforce its byte cap. The seed is random unless
// $PROMPTC_PROPERTY_SEED gives one; a failure prints it. It needs the
// installed pi oracle (its Node and jiti), not -short's exemption: it takes
// seconds.
func TestReplyLinesProperty(t *testing.T) {
	oracle, why := findOracle()
	if oracle == "" {
		t.Skip(why)
	}
	node, err := oracleNode(oracle)
	if err != nil {
		t.Skip(err)
	}
	seed := propertySeed(t)
	ext, err := filepath.Abs("promptc.ts")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, filepath.Join("testdata", "reply_lines_property.mjs"), oracle, ext, strconv.Itoa(propertyCases), seed).CombinedOutput()
	if err != nil {
		t.Fatalf("seed %s: %v\n%s", seed, err, out)
	}
	var counts struct {
		Cases, Lines, Bytes, Chunks, CutsInsideCharacters, CapCases int
	}
	if err := json.Unmarshal(out, &counts); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if counts.Cases != propertyCases || counts.CutsInsideCharacters == 0 || counts.CapCases == 0 {
		t.Fatalf("the script did not exercise what it should: %s", out)
	}
	t.Logf("seed %s: %d streams, %d lines, %d bytes in %d chunks (%d cut inside a character), %d cap checks",
		seed, counts.Cases, counts.Lines, counts.Bytes, counts.Chunks, counts.CutsInsideCharacters, counts.CapCases)
}

// propertySeed is $PROMPTC_PROPERTY_SEED, else a fresh one (logged by the
// caller, so a failure can be replayed).
func propertySeed(t *testing.T) string {
	if s := os.Getenv("PROMPTC_PROPERTY_SEED"); s != "" {
		return s
	}
	return strconv.FormatUint(uint64(time.Now().UnixNano())&0xffffffff, 10)
}
