package cowagent

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/promptc/promptc/integrations/internal/splitcheck"
)

// readLineWorker is the Python worker FuzzReadLine asks, started once per
// test process.
var readLineWorker = sync.OnceValue(func() *splitcheck.Worker {
	here, _ := os.Getwd()
	return splitcheck.StartWorker(exec.Command("python3", filepath.Join("testdata", "read_line_worker.py"), here))
})

// FuzzReadLine hands the serve transport's read_line (in a Python worker)
// any bytes cut anywhere, through BufferedReaders of 1, 7 and 8192 bytes:
// the lines must be the bytes up to and including each newline, then the
// rest, whatever the bytes (read_line decodes nothing). Python's coverage
// is not seen by the fuzzer; the inputs are still arbitrary.
func FuzzReadLine(f *testing.F) {
	if _, err := exec.LookPath("python3"); err != nil {
		f.Skip("python3 not installed: the adapter's reply reading is not fuzzed")
	}
	splitcheck.AddSeeds(f)
	f.Fuzz(func(t *testing.T, data, cuts []byte) {
		var got struct {
			Buffers map[string][][]byte
			Error   string
		}
		readLineWorker().Ask(t, map[string]any{"data": data, "sizes": splitcheck.Sizes(cuts, len(data))}, &got)
		if got.Error != "" {
			t.Fatal(got.Error)
		}
		want := [][]byte{}
		for _, l := range bytes.SplitAfter(data, []byte("\n")) {
			if len(l) > 0 {
				want = append(want, l)
			}
		}
		if len(got.Buffers) != 3 {
			t.Fatalf("buffers %v, want 3", got.Buffers)
		}
		for size, lines := range got.Buffers {
			if !slices.EqualFunc(lines, want, bytes.Equal) {
				t.Fatalf("buffer %s, cut %v: %q, want %q", size, splitcheck.Sizes(cuts, len(data)), lines, want)
			}
		}
	})
}
