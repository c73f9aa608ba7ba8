package pi

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestIdentity runs every curated case that needs no JavaScript extension
// of its own through the real pi with the promptc extension loaded and no
// promptc layer, in every pi version installed: the system prompt of every
// run must be byte for byte the one pi recorded without the extension, pi
// must print nothing more, and promptc must have built every run's prompt
// (twice: with the layers and, to verify, without), each time with the
// pipeline of that pi version. pi 1.6.0 runs the serve transport only (the
// transport does not depend on pi's version; 0.83.0 proves both).
func TestIdentity(t *testing.T) {
	for _, v := range piVersions {
		t.Run("pi"+v.version, func(t *testing.T) {
			h := setupVersion(t, v.version)
			for _, transport := range h.transports() {
				t.Run(transport, func(t *testing.T) {
					ran := 0
					for _, name := range h.curated(t) {
						c := h.loadCase(t, name)
						if c.usesExtensions() || !sampled(transport, name) {
							continue
						}
						ran++
						t.Run(name, func(t *testing.T) {
							t.Parallel()
							w := h.wrapper(t)
							opts := runOpts{path: w.dir, settings: transportSettings(transport)}
							res := h.run(t, c, opts)
							c.checkPiPrompt(t, res, opts)
							c.checkStderr(t, res, nil)
							builds, _ := w.requests(t)
							if want := 2 * sentRuns(res); len(builds) != want {
								t.Errorf("promptc got %d build requests, want %d (2 per run of %d inputs)", len(builds), want, len(res.Turns))
							}
							h.checkPipeline(t, builds)
						})
					}
					t.Logf("%d curated cases through the extension in pi %s (%s transport)", ran, h.version, transport)
				})
			}
		})
	}
}

// transports are the transports the identity and layer tests run in the
// harness's pi: every one in the oldest, serve (the default) in the others.
func (h harness) transports() []string {
	if h.version == piVersions[0].version {
		return transports
	}
	return transports[:1]
}

// checkPipeline checks that every request named the pipeline of the
// harness's pi version first (after the verify build's --no-config).
func (h harness) checkPipeline(t *testing.T, requests [][]string) {
	t.Helper()
	want := "--pipeline=" + h.pipeline()
	for _, args := range requests {
		if len(args) > 0 && args[0] == "--no-config" {
			args = args[1:]
		}
		if len(args) == 0 || args[0] != want {
			t.Errorf("a promptc request in pi %s starts %q, want %s first", h.version, args, want)
			return
		}
	}
}

// transports are the extension's ways to reach promptc; the failure and
// command tests run with every one, the identity and layer tests with the
// default (serve) for every case and with cli for a sample.
var transports = []string{"serve", "cli"}

// cliSample are the cases the identity and layer tests also run over the
// cli transport (the transport changes how promptc is reached, not what it
// is asked): several runs per session, an unprivileged pi, the inputs only
// pi's command line has. $PROMPTC_PI_ALL=1 runs every case over every
// transport.
var cliSample = []string{
	"ctx-basic", "cwd-symlink", "skills-cli-noskills", "skills-precedence-collisions", "sys-cli-empty-values",
	"sys-cli-overrides", "sys-project-trusted", "tools-unknown-and-exclude", "tpl-args", "unreadable-files",
}

// sampled reports whether the case runs over transport.
func sampled(transport, name string) bool {
	return transport != "cli" || os.Getenv("PROMPTC_PI_ALL") == "1" || slices.Contains(cliSample, name)
}

// transportSettings is the extension's promptc.json selecting transport.
func transportSettings(transport string) map[string]any {
	if transport == "serve" {
		return nil // the default, with no settings file at all
	}
	return map[string]any{"transport": transport}
}

// checkPiPrompt checks that every run of res (one per input of opts) got
// pi's own system prompt: the recorded one (its sandbox root mapped) and
// the base prompt pi built in the same run.
func (c *piCase) checkPiPrompt(t *testing.T, res outcome, opts runOpts) {
	t.Helper()
	if want := c.mapRoot(res, c.expected.Prompt); res.Prompt != want {
		t.Errorf("the first run's system prompt differs from pi's own: %s", firstDifference(want, res.Prompt))
	}
	if res.BasePrompt != nil {
		t.Errorf("the first run's system prompt is not pi's base prompt")
	}
	inputs := c.runInputs(opts)
	if len(res.Turns) != len(inputs) {
		t.Fatalf("%d runs, want %d", len(res.Turns), len(inputs))
	}
	for i, tr := range res.Turns {
		sent := i >= len(c.expected.Turns) || c.expected.Turns[i].Sent
		if tr.Sent != sent || (tr.Sent && !tr.PromptIsBase) {
			t.Errorf("input %d (%q): sent %v, prompt is pi's base prompt %v; want sent %v with pi's prompt", i+1, tr.Input, tr.Sent, tr.PromptIsBase, sent)
		}
	}
}

// checkStderr checks that pi printed what it printed without the
// extension, plus exactly the extra lines given.
func (c *piCase) checkStderr(t *testing.T, res outcome, extra []string) {
	t.Helper()
	var want []string
	for _, l := range c.expected.Stderr {
		want = append(want, c.mapRoot(res, l))
	}
	want = append(want, extra...)
	if !slices.Equal(res.Stderr, want) {
		t.Errorf("pi's stderr:\n%s\nwant:\n%s", strings.Join(res.Stderr, "\n"), strings.Join(want, "\n"))
	}
}

// sentRuns is the number of inputs that started a run.
func sentRuns(res outcome) int {
	n := 0
	for _, tr := range res.Turns {
		if tr.Sent {
			n++
		}
	}
	return n
}

// firstDifference says where got departs from want.
func firstDifference(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	line := strings.Count(want[:i], "\n") + 1
	clip := func(s string) string {
		if len(s) > i+60 {
			s = s[:i+60]
		}
		return fmt.Sprintf("%q", s[max(0, i-40):])
	}
	return fmt.Sprintf("at byte %d (line %d): want %s, got %s [want %d bytes, got %d]", i, line, clip(want), clip(got), len(want), len(got))
}
