package pi

import (
	"strings"
	"testing"
	"time"
)

// Replies of promptc serve reach the extension in pipe reads of at most
// 64 KiB; these tests put large, multi-byte context files through the
// real pi and the real promptc serve.

// multibyteText is about size bytes of lines of 1- to 4-byte UTF-8
// characters, mostly multi-byte, so that nearly every 64 KiB boundary of
// a reply that carries it falls inside a character.
func multibyteText(size int) string {
	const line = "é€😀中ßж文🚀ñ‘ω𝄞 a 中文é😀€\n"
	return strings.Repeat(line, size/len(line)+1)
}

// streamRun runs ctx-basic through the real pi with the extension over
// serve (verify as given, the default timeout) and the project AGENTS.md
// replaced by agents, and checks what every run got: pi's own prompt,
// byte for byte, holding agents whole, with no warning, built by promptc
// (buildsPerRun requests per run). It returns how long the oracle ran.
func streamRun(t *testing.T, agents string, verify bool, buildsPerRun int) time.Duration {
	h := setup(t)
	c := h.loadCase(t, "ctx-basic")
	w := h.wrapper(t)
	settings := map[string]any{}
	if !verify {
		settings["verify"] = false
	}
	opts := runOpts{path: w.dir, inputs: []string{"hi", "again"}, settings: settings,
		files: map[string]string{c.cwdRel() + "/AGENTS.md": agents}}
	start := time.Now()
	res := h.run(t, c, opts)
	took := time.Since(start)
	c.checkStderr(t, res, nil)
	if res.BasePrompt != nil {
		t.Errorf("the first run's prompt is not pi's own: %s", firstDifference(*res.BasePrompt, res.Prompt))
	}
	if !strings.Contains(res.Prompt, agents) {
		t.Errorf("pi's prompt does not hold the AGENTS.md byte for byte")
	}
	for i, tr := range res.Turns {
		if !tr.Sent || !tr.PromptIsBase {
			t.Errorf("input %d (%q): sent %v, prompt is pi's own %v", i+1, tr.Input, tr.Sent, tr.PromptIsBase)
		}
	}
	builds, _ := w.requests(t)
	if want := buildsPerRun * sentRuns(res); len(builds) != want {
		t.Errorf("promptc got %d build requests, want %d: the prompt did not come from promptc", len(builds), want)
	}
	return took
}

// TestServeMultibyteAcrossChunks: with verify off pi takes the prompt as
// the serve transport decoded it, so a character split by a 64 KiB pipe
// read and decoded in halves would reach pi's model as U+FFFD. A 1 MiB
// AGENTS.md of multi-byte characters (16 boundaries, each inside a
// character with probability about 3/4) must reach it byte for byte.
func TestServeMultibyteAcrossChunks(t *testing.T) {
	took := streamRun(t, multibyteText(1<<20), false, 1)
	t.Logf("1 MiB multi-byte AGENTS.md, verify off, two runs: %.1f s", took.Seconds())
}

// TestServeLargeContextFile: an 8 MB AGENTS.md (two builds per run, each
// reply over 16 MB: the prompt twice) must be read within the default
// 5000 ms timeout, so that promptc stays on and no warning shows.
func TestServeLargeContextFile(t *testing.T) {
	took := streamRun(t, multibyteText(8<<20), true, 2)
	t.Logf("8 MiB AGENTS.md, verify on, two runs: %.1f s", took.Seconds())
}
