package cowagent

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// propertyCases is how many random reply streams TestReadLineProperty reads.
const propertyCases = 300

// TestReadLineProperty runs testdata/read_line_property.py: the serve
// transport's read_line and _decode, for any split of a stream of JSON
// reply lines holding 1- to 4-byte UTF-8 characters (cut inside
// characters, several replies per chunk, one reply over many chunks),
// must return the replies written, and read_line must enforce its byte
// cap. It needs only python3 (not CowAgent's code), and runs under -short:
// it takes seconds. The seed is random unless $PROMPTC_PROPERTY_SEED gives
// one; a failure prints it.
func TestReadLineProperty(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed: the adapter's reply reading is not tested")
	}
	seed := os.Getenv("PROMPTC_PROPERTY_SEED")
	if seed == "" {
		seed = strconv.FormatUint(uint64(time.Now().UnixNano())&0xffffffff, 10)
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(python, filepath.Join("testdata", "read_line_property.py"), here, strconv.Itoa(propertyCases), seed).CombinedOutput()
	if err != nil {
		t.Fatalf("seed %s: %v\n%s", seed, err, out)
	}
	var counts struct {
		Cases                int `json:"cases"`
		Lines                int `json:"lines"`
		Bytes                int `json:"bytes"`
		Chunks               int `json:"chunks"`
		CutsInsideCharacters int `json:"cuts_inside_characters"`
		CapCases             int `json:"cap_cases"`
	}
	if err := json.Unmarshal(out, &counts); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if counts.Cases != propertyCases || counts.CutsInsideCharacters == 0 || counts.CapCases == 0 {
		t.Fatalf("the script did not exercise what it should: %s", out)
	}
	t.Logf("seed %s: %d streams, %d replies, %d bytes in %d chunks (%d cut inside a character), %d cap checks",
		seed, counts.Cases, counts.Lines, counts.Bytes, counts.Chunks, counts.CutsInsideCharacters, counts.CapCases)
}
