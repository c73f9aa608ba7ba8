package cowagent

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/promptc/promptc/integrations/internal/splitcheck"
)

// propertyCases is how many random reply streams TestReadLineProperty reads.
const propertyCases = 200

// TestReadLineProperty runs testdata/read_line_property.py: the serve
// transport's read_line and _decode, for any split of a stream of JSON
// reply lines holding 1- to 4-byte UTF-8 characters (cut inside
// characters, several replies per chunk, one reply over many chunks),
// must return the replies written, and read_line must enforce its byte
// cap. It needs only python3 (not CowAgent's code) and runs under -short:
// it takes seconds. The seed is random unless $PROMPTC_PROPERTY_SEED gives
// one.
func TestReadLineProperty(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed: the adapter's reply reading is not tested")
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	seed := splitcheck.Seed()
	cmd := exec.Command(python, filepath.Join("testdata", "read_line_property.py"), here, strconv.Itoa(propertyCases), seed)
	splitcheck.Run(t, cmd, propertyCases, seed)
}
