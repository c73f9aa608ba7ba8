package pi

import (
	"fmt"
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

// TestServeRecoversAfterOversize: a serve child whose first reply passes
// the 64 MiB cap is stopped, and whatever it still writes must not reach
// the next child's replies. The first promptc started floods (80 MB, no
// newline); the next is the real one (the session's policy query goes to
// the real one too). With a user layer, the first run
// keeps pi's prompt (one warning) and the second gets promptc build's.
func TestServeRecoversAfterOversize(t *testing.T) {
	h := setup(t)
	c := h.loadCase(t, "ctx-basic")
	p := newPromptcOnPath(t)
	marker := p.log + ".flooded"
	p.write(t, fmt.Sprintf(`#!/bin/sh
PATH=/usr/bin:/bin
echo "$*" >> %q
[ "$1" = policy ] && exec %q "$@"
if [ ! -e %q ]; then
  : > %q
  read -r line
  head -c 80000000 /dev/zero | tr '\0' x
  exec sleep 600
fi
exec %q "$@"
`, p.log, h.promptc, marker, marker, h.promptc))
	opts := runOpts{path: p.dir, inputs: []string{"hi", "again"}, settings: map[string]any{"timeoutMs": 20000},
		files: map[string]string{c.userLayer(): teamLayer}}
	res := h.run(t, c, opts)
	if len(res.Turns) != 2 || res.BasePrompt != nil || !res.Turns[0].PromptIsBase {
		t.Fatalf("the first run's prompt is not pi's own (turns %d)", len(res.Turns))
	}
	want := h.buildLikePi(t, c, res)
	if got := res.Turns[1].Prompt; got == nil || *got != want {
		t.Errorf("the second run's prompt is not promptc build's (pi's own: %v)", res.Turns[1].PromptIsBase)
	}
	if warnings := res.promptcWarnings(); len(warnings) != 1 || !strings.Contains(warnings[0], "serve replied more than 67108864 bytes") {
		t.Errorf("warnings %q, want the cap's", warnings)
	}
	if n := p.fakeCalls(t); n != 2 {
		t.Errorf("promptc serve started %d times, want 2", n)
	}
}
