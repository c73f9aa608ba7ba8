package pi

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/promptc/promptc/integrations/internal/splitcheck"
)

// replyLinesWorker is the Node worker FuzzReplyLines asks, started once
// per test process.
var replyLinesWorker = sync.OnceValue(func() *splitcheck.Worker {
	oracle, _ := findOracle(piVersions[0])
	node, _ := oracleNode(oracle)
	ext, _ := filepath.Abs("promptc.ts")
	return splitcheck.StartWorker(exec.Command(node, filepath.Join("testdata", "reply_lines_worker.mjs"), oracle, ext))
})

// FuzzReplyLines hands promptc.ts's ReplyLines (in a Node worker that
// loads it as pi does) any bytes cut anywhere: the lines it returns must
// be the ones it returns for the bytes fed at once, and for valid UTF-8
// the text between the newlines, the unfinished rest kept back. Node's
// coverage is not seen by the fuzzer; the inputs are still arbitrary,
// invalid UTF-8 included (which the property test does not write).
func FuzzReplyLines(f *testing.F) {
	oracle, why := findOracle(piVersions[0])
	if oracle == "" {
		f.Skip(why)
	}
	if _, err := oracleNode(oracle); err != nil {
		f.Skip(err)
	}
	splitcheck.AddSeeds(f)
	f.Fuzz(func(t *testing.T, data, cuts []byte) {
		var got struct {
			Chunked, Whole []string
			Error          string
		}
		replyLinesWorker().Ask(t, map[string]any{"data": data, "sizes": splitcheck.Sizes(cuts, len(data))}, &got)
		if got.Error != "" {
			t.Fatal(got.Error)
		}
		if !slices.Equal(got.Chunked, got.Whole) {
			t.Fatalf("cut %v: %q, fed at once %q", splitcheck.Sizes(cuts, len(data)), got.Chunked, got.Whole)
		}
		if !utf8.Valid(data) {
			return
		}
		want := []string{}
		for _, l := range bytes.SplitAfter(data, []byte("\n")) {
			if line, ok := bytes.CutSuffix(l, []byte("\n")); ok {
				want = append(want, string(line))
			}
		}
		if !slices.Equal(got.Whole, want) {
			t.Fatalf("%q, want %q", got.Whole, want)
		}
	})
}
