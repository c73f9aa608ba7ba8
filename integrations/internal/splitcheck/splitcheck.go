// Package splitcheck runs the integrations' property scripts: a script
// (Node for the pi extension, Python for the CowAgent adapter) feeds random
// splits of multi-byte reply streams to its transport's line reader, exits
// non-zero with the first counterexample, and otherwise prints one JSON
// object of Counts. The fuzz targets hand arbitrary bytes and cuts to the
// same reader in a long-lived Worker. The package holds what both
// integrations' runners share; it is used by tests only.
package splitcheck

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
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

// Worker is a long-lived script that answers one JSON line per JSON line
// (a fuzz target's helper: starting Node or Python per input would be
// slow). It runs until this process ends, which closes its input.
type Worker struct {
	mu  sync.Mutex
	in  io.WriteCloser
	out *bufio.Reader
	err error // the start's failure
}

// StartWorker starts cmd as a Worker; a failure is kept for Ask.
func StartWorker(cmd *exec.Cmd) *Worker {
	w := &Worker{}
	cmd.Stderr = os.Stderr
	if w.in, w.err = cmd.StdinPipe(); w.err != nil {
		return w
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		w.err = err
		return w
	}
	w.out = bufio.NewReaderSize(out, 1<<20)
	w.err = cmd.Start()
	return w
}

// Ask sends req as one JSON line and decodes the worker's one-line reply
// into resp, failing t when the worker cannot answer.
func (w *Worker) Ask(t testing.TB, req, resp any) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		t.Fatalf("the worker: %v", w.err)
	}
	line, err := json.Marshal(req)
	if err == nil {
		_, err = w.in.Write(append(line, '\n'))
	}
	var reply []byte
	if err == nil {
		reply, err = w.out.ReadBytes('\n')
	}
	if err == nil {
		err = json.Unmarshal(reply, resp)
	}
	if err != nil {
		w.err = err
		t.Fatalf("the worker: %v (reply %.200q)", err, reply)
	}
}

// Sizes turns a fuzzer's bytes into chunk sizes for n bytes of data: each
// byte b is a chunk of b%64+1 bytes, the last one taking the rest; no
// cuts, one chunk.
func Sizes(cuts []byte, n int) []int {
	var sizes []int
	for _, b := range cuts {
		if n <= 0 {
			break
		}
		s := min(int(b)%64+1, n)
		sizes = append(sizes, s)
		n -= s
	}
	if n > 0 {
		sizes = append(sizes, n)
	}
	return sizes
}

// AddSeeds gives a fuzz target of (data, cuts) its seed corpus: multi-byte
// characters cut inside, several JSON replies and an unfinished rest,
// invalid UTF-8 around newlines, empty lines.
func AddSeeds(f *testing.F) {
	f.Add([]byte("é€😀\n中文\n"), []byte{0, 1, 2, 3, 4})
	f.Add([]byte("{\"prompt\": \"𝄞\"}\n{\"prompt\": \"ж\"}\nrest"), []byte{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2})
	f.Add([]byte("\xf0\x9f\x98\n\x80\xe2\x82\xac\n"), []byte{0, 0, 0})
	f.Add([]byte("\n\n\n"), []byte{})
}
