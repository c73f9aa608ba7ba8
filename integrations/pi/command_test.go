package pi

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestPromptcCommand sends /promptc, then a prompt, in the real pi: the
// command runs no agent turn and shows (on stderr, pi having no UI in the
// oracle's print mode) exactly what `promptc explain` prints for the
// arguments the extension then builds the run's prompt with — layers
// included.
func TestPromptcCommand(t *testing.T) {
	h := setup(t)
	for _, transport := range transports {
		t.Run(transport, func(t *testing.T) {
			t.Parallel()
			c := h.loadCase(t, "ctx-basic")
			w := h.wrapper(t)
			opts := runOpts{path: w.dir, inputs: []string{"/promptc", "hi"}, settings: transportSettings(transport),
				files: map[string]string{c.userLayer(): teamLayer}}
			res := h.run(t, c, opts)
			if len(res.Turns) != 2 || res.Turns[0].Sent || !res.Turns[1].Sent {
				t.Fatalf("runs %+v, want /promptc consumed and the prompt sent", res.Turns)
			}
			builds, explains := w.requests(t)
			if len(explains) != 1 || len(builds) != 2 {
				t.Fatalf("%d explain and %d build requests, want 1 and 2", len(explains), len(builds))
			}
			// The layered build and the identity check (--no-config), in either order.
			layered, check := builds[0], builds[1]
			if slices.Contains(layered, "--no-config") {
				layered, check = check, layered
			}
			if !slices.Equal(check, append([]string{"--no-config"}, layered...)) {
				t.Errorf("the builds got %q and %q, want ARGS and --no-config ARGS", layered, check)
			}
			if !slices.Equal(explains[0], layered) {
				t.Errorf("explain got %q\nthe build got %q", explains[0], layered)
			}
			cmd := exec.Command(h.promptc, append([]string{"explain"}, explains[0]...)...)
			cmd.Dir = res.Cwd
			cmd.Env = []string{"HOME=" + res.Home, "PI_CODING_AGENT_DIR=" + res.AgentDir, "PATH=/usr/bin:/bin", "LANG=C.UTF-8"}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			want, err := cmd.Output()
			if err != nil {
				t.Fatalf("promptc explain: %v\n%s", err, stderr.Bytes())
			}
			if !strings.Contains(string(want), "team") {
				t.Fatalf("promptc explain does not show the layer's section:\n%s", want)
			}
			c.checkStderr(t, res, []string{string(want)})
		})
	}
}
