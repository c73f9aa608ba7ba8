package pi

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// Layers promptc finds without flags, as a platform team writes them.
const (
	// teamLayer adds a section at the end of the prompt.
	teamLayer = "sections:\n  team:\n    doc: The team's rule.\n    after: [cwd]\n    template: \"Team rule: run the tests before you commit.\"\n"
	// reviewLayer adds a section in the middle, before the context files.
	reviewLayer = "sections:\n  review:\n    before: [project_context]\n    template: \"Review rule: every change gets a second reader.\"\n"
	// noDocsLayer drops a part of pi's default body.
	noDocsLayer = "sections:\n  body_pi_docs:\n    disabled: true\n"
	// repoLayer is a project's own section (.promptc.yaml, applied only in a trusted project).
	repoLayer = "sections:\n  repo:\n    after: [cwd]\n    template: \"This repository deploys with make release.\"\n"
)

// TestLayers runs curated cases through the real pi with the extension and
// a promptc layer: the system prompt of every run must equal what
// `promptc build` prints for the case's pi flags with that layer, pi's own
// prompt (the base prompt of the same run) must still be the recorded one,
// and pi must print nothing more.
func TestLayers(t *testing.T) {
	h := setup(t)
	for _, tc := range []struct {
		name, layer, file string // file "" = the user layer
		applied           bool   // the layer changes the prompt
	}{
		{"ctx-basic", teamLayer, "", true},
		{"ctx-ancestors-order", reviewLayer, "", true},
		{"cwd-symlink", teamLayer, "", true},
		{"sys-cli-overrides", teamLayer, "", true},
		{"sys-custom-no-read", reviewLayer, "", true},
		{"skills-discovery", reviewLayer, "", true},
		{"skills-precedence-collisions", teamLayer, "", true},
		{"tools-order-subset", noDocsLayer, "", true},
		{"trust-auto-untrusted", teamLayer, "", true},
		{"tpl-args", teamLayer, "", true},
		{"sys-project-trusted", repoLayer, ".promptc.yaml", true},
		// Not trusted: promptc neither reads nor applies the project layer.
		{"sys-project-untrusted", repoLayer, ".promptc.yaml", false},
	} {
		for _, transport := range transports {
			t.Run(transport+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				c := h.loadCase(t, tc.name)
				file := c.userLayer()
				if tc.file != "" {
					file = c.cwdRel() + "/" + tc.file
				}
				w := h.wrapper(t)
				opts := runOpts{path: w.dir, files: map[string]string{file: tc.layer}, settings: transportSettings(transport)}
				res := h.run(t, c, opts)
				c.checkStderr(t, res, nil)
				if !tc.applied {
					c.checkPiPrompt(t, res, opts)
					return
				}
				if res.BasePrompt == nil {
					t.Fatal("the layer did not change the prompt")
				}
				if want := c.mapRoot(res, c.expected.Prompt); *res.BasePrompt != want {
					t.Errorf("pi's own prompt changed: %s", firstDifference(want, *res.BasePrompt))
				}
				want := h.buildLikePi(t, c, res)
				if res.Prompt != want {
					t.Errorf("the first run's prompt is not promptc build's: %s", firstDifference(want, res.Prompt))
				}
				for i, tr := range res.Turns {
					if tr.Sent && (tr.Prompt == nil || *tr.Prompt != want) {
						t.Errorf("input %d (%q): the run's prompt is not promptc build's", i+1, tr.Input)
					}
				}
			})
		}
	}
}

// buildLikePi runs `promptc build` in the sandbox pi ran in (kept by the
// oracle), from the case's cwd with the case's pi flags and the
// environment the oracle gives pi, as the conformance harness does.
func (h harness) buildLikePi(t *testing.T, c *piCase, res outcome) string {
	t.Helper()
	cmd := exec.Command(h.promptc, append([]string{"build"}, c.piFlags(t, res.Root)...)...)
	cmd.Dir = res.Cwd
	cmd.Env = []string{"HOME=" + res.Home, "PI_CODING_AGENT_DIR=" + res.AgentDir, "PATH=/usr/bin:/bin", "LANG=C.UTF-8"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("promptc build: %v\n%s", err, stderr.Bytes())
	}
	return stdout.String()
}

// piFlags maps the case's pi options to promptc build's flags (the
// default pipeline binds pi's own), as ../shared/conformance/pi.py does.
func (c *piCase) piFlags(t *testing.T, root string) []string {
	t.Helper()
	var flags []string
	str := func(raw json.RawMessage) string {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatalf("%s: want a string, got %s", c.name, raw)
		}
		return strings.ReplaceAll(s, "${ROOT}", root)
	}
	switch string(c.spec["trusted"]) {
	case "true":
		flags = append(flags, "--approve")
	case "false":
		flags = append(flags, "--no-approve")
	}
	for key, flag := range map[string]string{"tools": "--tools", "excludeTools": "--exclude-tools"} {
		if l := c.list(key); l != nil {
			var names []string
			for _, n := range l {
				names = append(names, str(n))
			}
			flags = append(flags, flag, strings.Join(names, ","))
		}
	}
	switch c.text("noTools", "") {
	case "all":
		flags = append(flags, "--no-tools")
	case "builtin":
		flags = append(flags, "--no-builtin-tools")
	}
	if raw, ok := c.spec["systemPrompt"]; ok {
		flags = append(flags, "--system-prompt", str(raw))
	}
	for _, v := range c.list("appendSystemPrompt") {
		flags = append(flags, "--append-system-prompt", str(v))
	}
	for key, flag := range map[string]string{"noContextFiles": "--no-context-files", "noSkills": "--no-skills", "noPromptTemplates": "--no-prompt-templates"} {
		if string(c.spec[key]) == "true" {
			flags = append(flags, flag)
		}
	}
	for key, flag := range map[string]string{"skills": "--skill", "promptTemplates": "--prompt-template"} {
		for _, v := range c.list(key) {
			flags = append(flags, flag, str(v))
		}
	}
	return flags
}
