package pi

import (
	"cmp"
	"strings"
	"testing"
)

// failTimeoutMs is the extension's timeout in the failure tests (the
// default, 5000 ms, would make the hang case slow).
const failTimeoutMs = 1500

// TestFailures runs a two-input case through the real pi with a promptc
// that is absent, exits 1, hangs past the timeout, replies garbage or
// replies past the 64 MiB cap (80 MB without a newline, then hangs: the cap
// must end the request, not the timeout), and with the real promptc over a
// broken layer: every run keeps pi's own
// system prompt byte for byte, and pi shows exactly one warning, naming
// the failure.
func TestFailures(t *testing.T) {
	h := setup(t)
	for _, transport := range transports {
		for _, tc := range []struct {
			name, fake string // fake "" with real: the real promptc
			real       bool
			files      func(c *piCase) map[string]string
			warning    string // in the one warning line
			calls      int    // fake promptc processes started (-1: not checked)
			timeoutMs  int    // the extension's timeout; 0: failTimeoutMs
		}{
			{name: "absent", warning: `"promptc" not found (set PROMPTC_BIN or put promptc on PATH)`, calls: 0},
			{name: "exit1", fake: "exit1", warning: "exit status 1: promptc: fake failure", calls: -1},
			// After a timeout promptc is off for the session: the second input asks no more.
			{name: "hang", fake: "hang", warning: "timed out after 1500 ms", calls: -1},
			{name: "garbage", fake: "garbage", warning: `malformed reply (not JSON: "not json {`, calls: -1},
			{name: "flood", fake: "flood", warning: "replied more than 67108864 bytes", calls: -1, timeoutMs: 20000},
			{name: "broken-layer", real: true, warning: "config.yaml:2:", calls: -1,
				files: func(c *piCase) map[string]string { return map[string]string{c.userLayer(): "sections:\n  team: [\n"} }},
		} {
			t.Run(transport+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				c := h.loadCase(t, "ctx-basic")
				p := h.fake(t, tc.fake)
				if tc.real {
					p = h.wrapper(t)
				}
				opts := runOpts{path: p.dir, inputs: []string{"hi", "again"}, settings: transportSettings(transport)}
				if opts.settings == nil {
					opts.settings = map[string]any{}
				}
				opts.settings["timeoutMs"] = cmp.Or(tc.timeoutMs, failTimeoutMs)
				if tc.files != nil {
					opts.files = tc.files(c)
				}
				res := h.run(t, c, opts)
				c.checkPiPrompt(t, res, opts)
				warnings := res.promptcWarnings()
				if len(warnings) != 1 || !strings.Contains(warnings[0], tc.warning) {
					t.Fatalf("warnings %q, want one containing %q", warnings, tc.warning)
				}
				t.Logf("the warning: %s", warnings[0])
				c.checkStderr(t, res, warnings)
				if !tc.real {
					calls := p.fakeCalls(t)
					switch {
					case tc.calls >= 0 && calls != tc.calls:
						t.Errorf("promptc ran %d times, want %d", calls, tc.calls)
					case tc.fake == "hang" && transport == "cli" && calls != 2:
						t.Errorf("promptc ran %d times, want 2 (the first run's two builds, then off)", calls)
					case tc.fake == "hang" && transport == "serve" && calls != 1:
						t.Errorf("promptc serve started %d times, want 1", calls)
					}
				}
			})
		}
	}
}

// promptcWarnings are the lines of pi's stderr the extension printed.
func (o outcome) promptcWarnings() []string {
	var warnings []string
	for _, l := range o.Stderr {
		if strings.HasPrefix(l, "promptc: ") {
			warnings = append(warnings, l)
		}
	}
	return warnings
}
