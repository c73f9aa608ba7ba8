package pi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
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
	// taggedTeamLayer is teamLayer written for pi 1.x: the section says which of pi's sections it
	// is (agent_section) and renders as pi renders one, so pi gets it as a section of its own.
	taggedTeamLayer = "sections:\n  team:\n    after: [cwd]\n    labels: {agent_section: team}\n    template: \"<team>\\nTeam rule: run the tests before you commit.\\n</team>\"\n"
	// rulesLayer replaces pi 1.x's rules section (body_guidelines, agent_section rules) in place.
	rulesLayer = "sections:\n  body_guidelines:\n    template: \"\\n\\n<rules>\\n- Run the tests before you commit.\\n</rules>\"\n"
)

// layerCase is one run of TestLayers: a curated case and the layer added.
type layerCase struct {
	name, layer, file string // file "" = the user layer
	applied           bool   // the layer changes the prompt
	// section is, in pi 1.x, the section of pi's system message the layer's text must be in when
	// the extension hands pi sections ("" = the prompt goes to pi whole: the layer's section has
	// no agent_section, or pi's sections cannot take promptc's order).
	section string
}

// layerCases are TestLayers' runs in each pi version.
var layerCases = map[string][]layerCase{
	"0.83.0": {
		{name: "ctx-basic", layer: teamLayer, applied: true},
		{name: "ctx-ancestors-order", layer: reviewLayer, applied: true},
		{name: "cwd-symlink", layer: teamLayer, applied: true},
		{name: "sys-cli-overrides", layer: teamLayer, applied: true},
		{name: "sys-custom-no-read", layer: reviewLayer, applied: true},
		{name: "skills-discovery", layer: reviewLayer, applied: true},
		{name: "skills-precedence-collisions", layer: teamLayer, applied: true},
		{name: "tools-order-subset", layer: noDocsLayer, applied: true},
		{name: "trust-auto-untrusted", layer: teamLayer, applied: true},
		{name: "tpl-args", layer: teamLayer, applied: true},
		{name: "sys-project-trusted", layer: repoLayer, file: ".promptc.yaml", applied: true},
		// Not trusted: promptc neither reads nor applies the project layer.
		{name: "sys-project-untrusted", layer: repoLayer, file: ".promptc.yaml"},
	},
	"1.6.0": {
		{name: "ctx-basic", layer: teamLayer, applied: true},
		{name: "ctx-basic", layer: taggedTeamLayer, applied: true, section: "team"},
		{name: "ctx-ancestors-order", layer: rulesLayer, applied: true, section: "rules"},
		{name: "sys-custom-no-read", layer: taggedTeamLayer, applied: true, section: "team"},
		{name: "skills-discovery", layer: taggedTeamLayer, applied: true, section: "team"},
		{name: "sys-cli-overrides", layer: taggedTeamLayer, applied: true, section: "team"},
		{name: "tools-order-subset", layer: noDocsLayer, applied: true},
		{name: "sys-project-trusted", layer: repoLayer, file: ".promptc.yaml", applied: true},
		{name: "sys-project-untrusted", layer: repoLayer, file: ".promptc.yaml"},
	},
}

// TestLayers runs curated cases through the real pi with the extension and
// a promptc layer, in every pi version installed: the system prompt of
// every run must equal what `promptc build` prints for the case's pi flags
// with that layer and the version's pipeline, pi's own prompt (the base
// prompt of the same run) must still be the recorded one, and pi must
// print nothing more. In pi 1.x a layer section that says which of pi's
// sections it is reaches pi as that named section; any other goes whole.
func TestLayers(t *testing.T) {
	for _, v := range piVersions {
		t.Run("pi"+v.version, func(t *testing.T) {
			h := setupVersion(t, v.version)
			for i, tc := range layerCases[v.version] {
				for _, transport := range h.transports() {
					t.Run(fmt.Sprintf("%s/%s#%d", transport, tc.name, i), func(t *testing.T) {
						t.Parallel()
						h.checkLayer(t, tc, transport)
					})
				}
			}
		})
	}
}

// checkLayer runs one layerCase over transport.
func (h harness) checkLayer(t *testing.T, tc layerCase, transport string) {
	t.Helper()
	c := h.loadCase(t, tc.name)
	file := c.userLayer()
	if tc.file != "" {
		file = c.cwdRel() + "/" + tc.file
	}
	w := h.wrapper(t)
	opts := runOpts{path: w.dir, files: map[string]string{file: tc.layer}, settings: transportSettings(transport)}
	res := h.run(t, c, opts)
	c.checkStderr(t, res, nil)
	builds, _ := w.requests(t)
	h.checkPipeline(t, builds)
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
		if !tr.Sent || h.version == piVersions[0].version {
			continue
		}
		names := tr.sectionNames(t)
		switch {
		case tc.section == "" && len(names) > 0:
			t.Errorf("input %d: pi got sections %q, want the prompt whole", i+1, names)
		case tc.section != "" && !slices.Contains(names, tc.section):
			t.Errorf("input %d: pi's sections %q have no %q: the extension did not hand promptc's sections", i+1, names, tc.section)
		}
	}
}

// buildLikePi runs `promptc build` in the sandbox pi ran in (kept by the
// oracle), from the case's cwd with the case's pi flags and the
// environment the oracle gives pi, as the conformance harness does.
func (h harness) buildLikePi(t *testing.T, c *piCase, res outcome) string {
	t.Helper()
	cmd := exec.Command(h.promptc, append([]string{"build", "--pipeline", h.pipeline()}, c.piFlags(t, res.Root)...)...)
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
