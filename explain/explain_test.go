package explain_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/schema"
)

const skillTree = "---\nname: %s\ndescription: %s\n%s---\nBody\n"

// fixtures cover the default pipeline (untrusted and trusted projects,
// custom bodies, tool lists) and a test pipeline with a join and a
// volatile section; cowagentFixture (cowagent_test.go) the cowagent one.
var fixtures = []fixture{
	{
		name: "untrusted project",
		tree: map[string]string{
			"home/proj/AGENTS.md":                      "Project rules.\n",
			"home/proj/CLAUDE.md":                      "shadowed\n",
			"home/proj/.pi/SYSTEM.md":                  "PROJECT SYSTEM\n",
			"home/proj/.pi/skills/p/SKILL.md":          fmt.Sprintf(skillTree, "p", "Project skill.", ""),
			"home/.pi/agent/skills/helper/SKILL.md":    fmt.Sprintf(skillTree, "helper", "Helps.", ""),
			"home/.pi/agent/skills/secret/SKILL.md":    fmt.Sprintf(skillTree, "secret", "Hidden.", "disable-model-invocation: true\n"),
			"home/.pi/agent/skills/nodesc/SKILL.md":    "---\nname: nodesc\n---\nBody\n",
			"home/.pi/agent/skills/helper2/SKILL.md":   fmt.Sprintf(skillTree, "helper", "Loses the collision.", ""),
			"home/.pi/agent/skills/.gitignore":         "ignored\n",
			"home/.pi/agent/skills/ignored/SKILL.md":   fmt.Sprintf(skillTree, "ignored", "Ignored.", ""),
			"home/.pi/agent/APPEND_SYSTEM.md":          "GLOBAL APPEND\n",
			"home/.pi/agent/skills/badyaml/SKILL.md":   "---\nname: [unclosed\n---\nBody\n",
			"home/.pi/agent/skills/zz-notmd/notes.txt": "x",
		},
	},
	{
		name:   "trusted custom body",
		tree:   map[string]string{"home/proj/.pi/SYSTEM.md": "You are a bot. Use the read tool, grep and ls.\n"},
		params: map[string]any{"trust_mode": "approve", "exclude_tools": []string{"edit"}},
	},
	{
		name:   "flag body without read",
		tree:   map[string]string{"home/.pi/agent/skills/helper/SKILL.md": fmt.Sprintf(skillTree, "helper", "Helps.", "")},
		params: map[string]any{"system_prompt": []string{"Custom text naming bash."}, "tool_allowlist": []string{"bash", "nope"}},
	},
	{name: "volatile pipeline", yaml: volatileYAML},
	{name: "transforms", yaml: transformsYAML, turns: []string{"plain", "shout it", "empty"}},
}

// transformsYAML has a transform for each action, one failing.
const transformsYAML = `promptc: 1
name: transforms
sections:
  body: {template: "Base."}
transforms:
  - {id: loud, when: 'run.Input startsWith "shout"', append: " LOUD"}
  - {id: note, message: "saw {{ .run.Input }}"}
  - {id: broken, when: 'run.Input == "shout it"', prepend: '{{ fail "no" }}'}
  - {id: clear, when: 'run.Input == "empty"', replace: ""}
`

func TestSectionTextsJoinToThePrompt(t *testing.T) {
	for _, f := range append(fixtures, cowagentFixture) {
		t.Run(f.name, func(t *testing.T) {
			res, rep, _ := f.run(t)
			var parts []string
			for _, s := range rep.Sections {
				if s.Active {
					parts = append(parts, s.Text)
				}
			}
			if got := strings.Join(parts, rep.Join); got != res.Text {
				t.Errorf("joined sections differ from the prompt:\n got %q\nwant %q", got, res.Text)
			}
			if rep.Totals.Bytes != len(res.Text) || rep.Totals.Tokens == 0 {
				t.Errorf("totals = %+v", rep.Totals)
			}
		})
	}
}

func TestJSONMatchesTheSchema(t *testing.T) {
	for _, f := range append(fixtures, cowagentFixture) {
		t.Run(f.name, func(t *testing.T) {
			_, rep, _ := f.run(t)
			explain.CheckSchema(t, "explain.schema.json", schema.ExplainJSON(), rep)
		})
	}
}

// whyNot renders the list compactly, paths relative to the root.
func whyNot(rep *explain.Report, root string) []string {
	var out []string
	for _, w := range rep.WhyNot {
		s := w.Kind + " "
		if w.Kind == explain.KindSection {
			s += w.Section + ": " + w.Reason + " [" + strings.Join(w.FalseTerms, "; ") + "]"
		} else {
			s += w.Source + " " + strings.TrimPrefix(w.Path, root+"/") + ": " + w.Reason
			if w.Detail != "" {
				s += " (" + strings.ReplaceAll(w.Detail, root+"/", "") + ")"
			}
		}
		out = append(out, s)
	}
	return out
}

func TestWhyNot(t *testing.T) {
	tests := map[string][]string{
		"untrusted project": {
			"section custom_body: condition is false []",
			"candidate trust home/proj/.pi/skills: project not trusted (undecided (non-interactive))",
			"candidate trust home/proj/.pi/SYSTEM.md: project not trusted (undecided (non-interactive))",
			"candidate tools tool:grep: not a default tool",
			"candidate tools tool:find: not a default tool",
			"candidate tools tool:ls: not a default tool",
			"candidate context home/proj/CLAUDE.md: shadowed by a higher-priority candidate (home/proj/AGENTS.md)",
			"candidate skills home/.pi/agent/skills/ignored: ignored by ignore file (ignored)",
			"candidate skills home/.pi/agent/skills/zz-notmd/notes.txt: not a resource file here",
			"candidate skills home/.pi/agent/skills/badyaml/SKILL.md: invalid (Flow sequence in block collection must be sufficiently indented and end with a ] at line 1, column 16:\n\nname: [unclosed\n               ^\n)",
			"candidate skills home/.pi/agent/skills/helper2/SKILL.md: name collision (home/.pi/agent/skills/helper/SKILL.md)",
			"candidate skills home/.pi/agent/skills/nodesc/SKILL.md: invalid (description is required)",
			"hidden skills home/.pi/agent/skills/secret/SKILL.md: hidden by disable-model-invocation (skill secret stays invocable by name)",
		},
		"flag body without read": {
			"section body_identity: condition is false []",
			"section body_tools: condition is false []",
			"section body_guidelines: condition is false []",
			"section body_pi_docs: condition is false []",
			"section append: condition is false []",
			"section project_context: condition is false []",
			"section skills: condition is false [\"read\" in tools.Names]",
			"candidate tools tool:read: not in the allowlist",
			"candidate tools tool:edit: not in the allowlist",
			"candidate tools tool:write: not in the allowlist",
			"candidate tools tool:grep: not in the allowlist",
			"candidate tools tool:find: not in the allowlist",
			"candidate tools tool:ls: not in the allowlist",
			"candidate tools tool:nope: unknown tool",
		},
		"volatile pipeline": {
			"section rules: condition is false []",
			"section fancy: condition is false [mode == \"fancy\"]",
		},
	}
	for _, f := range fixtures {
		want, ok := tests[f.name]
		if !ok {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			_, rep, root := f.run(t)
			got := whyNot(rep, root)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("why not:\n got %q\nwant %q", got, want)
			}
		})
	}
}

func TestCache(t *testing.T) {
	_, rep, _ := fixture{yaml: volatileYAML}.run(t)
	// "You are a test agent." + "\n--\n" precede the volatile section.
	if c := rep.Cache; c.StableBytes != 25 || strings.Join(c.Volatile, ",") != "clock" || c.StableTokens == 0 {
		t.Errorf("cache = %+v", c)
	}
	want := []explain.Warning{{Code: explain.CodeVolatileFirst, Section: "clock",
		Message: `volatile section "clock" comes before stable section "outro": each change to it invalidates the provider's prompt cache from byte 25 on; move it after them`}}
	if fmt.Sprint(rep.Warnings) != fmt.Sprint(want) {
		t.Errorf("warnings:\n got %+v\nwant %+v", rep.Warnings, want)
	}
	_, rep, _ = fixtures[0].run(t)
	if rep.Cache.StableBytes != rep.Totals.Bytes || rep.Cache.StableTokens != rep.Totals.Tokens || len(rep.Warnings) != 0 {
		t.Errorf("no volatile section: cache = %+v, warnings %+v", rep.Cache, rep.Warnings)
	}
}

func TestDrift(t *testing.T) {
	_, rep, _ := fixtures[1].run(t)
	d := rep.Drift
	if d == nil {
		t.Fatal("no drift report for a custom body")
	}
	got := fmt.Sprintf("%v|%v|%v", d.Mentioned, d.Inactive, d.Unmentioned)
	if want := "[read grep ls]|[grep ls]|[bash write]"; got != want {
		t.Errorf("drift = %s, want %s", got, want)
	}
	var codes []string
	for _, w := range rep.Warnings {
		codes = append(codes, w.Code+" "+w.Section)
	}
	if got, want := strings.Join(codes, ","), "drift/inactive-tool custom_body,drift/inactive-tool custom_body,drift/unmentioned-tool custom_body,drift/unmentioned-tool custom_body"; got != want {
		t.Errorf("warnings = %s", got)
	}
	if _, rep, _ = fixtures[0].run(t); rep.Drift != nil {
		t.Errorf("drift for the built-in body: %+v", rep.Drift)
	}
}

func TestChoices(t *testing.T) {
	tests := []struct {
		fixture      int
		body, append string
		trust        string
	}{
		{0, "built-in default  [section body_identity]", "user file home/.pi/agent/APPEND_SYSTEM.md (14 bytes)  [section append]", "false undecided (non-interactive) [home/proj/.pi/skills home/proj/.pi/SYSTEM.md]"},
		{1, "project file home/proj/.pi/SYSTEM.md (47 bytes), eligible: project trusted (--approve)  [section custom_body]", "none", "true --approve []"},
		{2, "command-line text (24 bytes)  [section custom_body]", "none", "true no project resources need trust []"},
	}
	for _, tc := range tests {
		t.Run(fixtures[tc.fixture].name, func(t *testing.T) {
			_, rep, root := fixtures[tc.fixture].run(t)
			rel := func(s string) string { return strings.ReplaceAll(s, root+"/", "") }
			line := func(c *explain.Choice) string {
				s := c.Summary
				if c.Section != "" {
					s += "  [section " + c.Section + "]"
				}
				return rel(s)
			}
			if got := line(rep.Body); got != tc.body {
				t.Errorf("body = %q, want %q", got, tc.body)
			}
			if got := line(rep.Append); got != tc.append {
				t.Errorf("append = %q, want %q", got, tc.append)
			}
			if got := rel(fmt.Sprintf("%v %s %v", rep.Trust.Trusted, rep.Trust.Reason, rep.Trust.Ignored)); got != tc.trust {
				t.Errorf("trust = %q, want %q", got, tc.trust)
			}
		})
	}
}
