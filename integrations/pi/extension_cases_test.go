package pi

import (
	"cmp"
	"testing"
)

// TestExtensionCases runs the curated cases whose pi runs JavaScript
// extensions of their own (tools, resources, before_agent_start
// rewrites) with the promptc extension loaded first: pi runs their code,
// and the extension hands promptc what it produced (tools in a tool file,
// skills as --skill). Every run's prompt must be the one pi recorded —
// after the case's own rewrites, which run after promptc's. A case in
// throughPromptc must get it from promptc, with no warning; any other may
// instead keep pi's prompt with the one warning (the identity check saw an
// input promptc cannot express yet).
func TestExtensionCases(t *testing.T) {
	h := setup(t)
	for _, name := range h.curated(t) {
		c := h.loadCase(t, name)
		if !c.usesExtensions() {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := h.wrapper(t)
			opts := runOpts{path: w.dir, first: true}
			res := h.run(t, c, opts)
			c.checkRecorded(t, res, opts)
			why, required := throughPromptc[name]
			if !required && len(res.Stderr) == len(c.expected.Stderr)+1 {
				c.checkStderr(t, res, res.Stderr[len(res.Stderr)-1:])
				t.Logf("pi kept its prompt: %s", res.Stderr[len(res.Stderr)-1])
				return
			}
			t.Logf("through promptc (%s)", cmp.Or(why, "not required yet"))
			c.checkStderr(t, res, nil)
			builds, _ := w.requests(t)
			if want := 2 * sentRuns(res); len(builds) != want {
				t.Errorf("promptc got %d build requests, want %d (2 per run)", len(builds), want)
			}
		})
	}
}

// throughPromptc are the extension cases promptc builds today, and how.
var throughPromptc = map[string]string{
	"ext-before-agent-start":          "the case's handlers rewrite promptc's prompt, as they rewrite pi's",
	"ext-resources-discover":          "the skill of resources_discover as --skill FILE",
	"skills-packages":                 "the -e package as a package of a resources overlay",
	"tools-extension":                 "the extension's tool in a --tool-file",
	"tools-allowlist-extension":       "the allowed extension tool in a --tool-file, --tools in pi's order",
	"tools-no-builtin-with-extension": "--tools with only the extension's tool, in a --tool-file",
	"tools-none":                      "--no-tools: no tool file",
}

// checkRecorded checks every run's prompt against the one pi recorded,
// whether or not an extension of the case rewrote it.
func (c *piCase) checkRecorded(t *testing.T, res outcome, opts runOpts) {
	t.Helper()
	if want := c.mapRoot(res, c.expected.Prompt); res.Prompt != want {
		t.Errorf("the first run's prompt: %s", firstDifference(want, res.Prompt))
	}
	base := c.expected.Prompt
	if c.expected.BasePrompt != nil {
		base = *c.expected.BasePrompt
	}
	if res.BasePrompt != nil && *res.BasePrompt != c.mapRoot(res, base) {
		t.Errorf("pi's base prompt: %s", firstDifference(c.mapRoot(res, base), *res.BasePrompt))
	}
	if len(res.Turns) != len(c.runInputs(opts)) {
		t.Fatalf("%d runs, want %d", len(res.Turns), len(c.runInputs(opts)))
	}
	for i, tr := range res.Turns {
		if i >= len(c.expected.Turns) {
			continue // an input the test added: its prompt is the first run's
		}
		e := c.expected.Turns[i]
		want := base
		if e.Prompt != nil {
			want = *e.Prompt
		}
		got := res.Prompt // the base prompt, when the oracle reports none apart
		if res.BasePrompt != nil {
			got = *res.BasePrompt
		}
		if tr.Prompt != nil {
			got = *tr.Prompt
		}
		if tr.Sent != e.Sent || got != c.mapRoot(res, want) {
			t.Errorf("input %d (%q): sent %v, want %v; prompt %s", i+1, tr.Input, tr.Sent, e.Sent, firstDifference(c.mapRoot(res, want), got))
		}
	}
}
