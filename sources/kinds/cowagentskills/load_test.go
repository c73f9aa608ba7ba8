package cowagentskills

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestDiscovery covers R-SKILL-DISC and R-SKILL-ORDER.
func TestDiscovery(t *testing.T) {
	root := layout(t, map[string]string{
		"builtin/pdf/SKILL.md":            skill("name: pdf", "description: builtin pdf"),
		"builtin/zz/SKILL.md":             skill("name: zz", "description: last builtin"),
		"ws/skills/.hidden/SKILL.md":      skill("name: hidden", "description: d"),
		"ws/skills/node_modules/SKILL.md": skill("name: nm", "description: d"),
		"ws/skills/README.md":             skill("name: readme", "description: d"),
		"ws/skills/note.md":               skill("name: note", "description: root md"),
		"ws/skills/SKILL.md":              skill("description: root SKILL.md, named after the dir"),
		"ws/skills/x.txt":                 skill("name: txt", "description: d"),
		"ws/skills/pdf/SKILL.md":          skill("name: pdf", "description: custom pdf"),
		"ws/skills/pdf/sub/SKILL.md":      skill("name: sub", "description: never seen"),
		"ws/skills/coll/a/SKILL.md":       skill("name: a", "description: found by recursion"),
		"ws/skills/coll/b.md":             skill("name: b", "description: not at the root"),
		"ws/skills/coll/bad/SKILL.md":     "---\nname: bad2\n\xfe\n---\n",
		"ws/skills/dir/SKILL.md/SKILL.md": skill("name: deeper", "description: SKILL.md is a directory"),
		"ws/skills/nodesc/SKILL.md":       skill("name: nodesc", "description: '  '"),
		"ws/skills/bad/SKILL.md":          "---\nname: bad\ndescription: \xff\n---\n",
		"ws/skills/crlf/SKILL.md":         "---\r\nname: crlf\r\ndescription: CRLF\r\n---\r\n",
	})
	res := load(t, opts(root))
	if got, want := names(res), "pdf zz skills a crlf deeper note |"; got != want {
		t.Errorf("names = %q, want %q", got, want)
	}
	if got, want := res.Skills[0].Location, root+"/ws/skills/pdf/SKILL.md"; got != want {
		t.Errorf("pdf location = %q, want %q", got, want)
	}
	wantExcl := []string{
		"ws/skills/.hidden: ignored name",
		"ws/skills/README.md: README.md is not a skill",
		"ws/skills/bad/SKILL.md: unreadable ('utf-8' codec can't decode byte 0xff in position 27: invalid start byte)",
		"ws/skills/coll/bad/SKILL.md: unreadable ('utf-8' codec can't decode byte 0xfe in position 15: invalid start byte)",
		"ws/skills/node_modules: ignored name",
		"ws/skills/nodesc/SKILL.md: no description",
		"builtin/pdf/SKILL.md: overridden by a skill of the same name (ws/skills/pdf/SKILL.md)",
	}
	if got := excluded(root, res); !reflect.DeepEqual(got, wantExcl) {
		t.Errorf("excluded:\n got %q\nwant %q", got, wantExcl)
	}
	if len(res.Origins) != 7 || res.Origins[0].Role != RoleSkill {
		t.Errorf("origins = %+v", res.Origins)
	}
}

// TestFrontMatterValues covers R-X-2 (PyYAML values printed with str())
// and R-X-3 (the line parser keeps quotes and drops nested keys).
func TestFrontMatterValues(t *testing.T) {
	tests := []struct {
		name string
		fm   []string
		want string // name + " / " + description, or "-" when dropped
	}{
		{"yaml 1.1 float", []string{"name: n", "description: 1.0e+3"}, "n / 1000.0"},
		{"no float without a dot", []string{"name: n", "description: 1e3"}, "n / 1e3"},
		{"bool", []string{"name: n", "description: yes"}, "n / True"},
		{"false drops", []string{"name: n", "description: no"}, "-"},
		{"octal and sexagesimal", []string{"name: 012", "description: 1:30"}, "10 / 90"},
		{"date", []string{"name: 2024-01-05", "description: x"}, "2024-01-05 / x"},
		{"name list", []string{"name: [first, second]", "description: [a, 2, null, '', 3.5]"}, "first / a 2 3.5"},
		{"empty name list", []string{"name: []", "description: d"}, "dir / d"},
		{"falsy name", []string{"name: 0", "description: d"}, "dir / d"},
		{"dict name", []string{"name: {k: 1}", "description: d"}, "{'k': 1} / d"},
		{"line parser keeps quotes", []string{"name: \"q\"", "description: 'it''s'", "\tbad: tab"}, "\"q\" / 'it''s'"},
		{"line parser bools stay strings", []string{"name: n", "description: yes", "x:\ty"}, "n / yes"},
		{"no front matter", []string{}, "-"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := layout(t, map[string]string{"ws/skills/dir/SKILL.md": skill(tt.fm...)})
			res := load(t, opts(root))
			got := "-"
			if len(res.Skills) == 1 {
				got = res.Skills[0].Name + " / " + res.Skills[0].Description
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFilter covers R-SKILL-FILTER, R-SKILL-UNAVAIL, R-SKILL-KNOWLEDGE,
// R-X-4 and R-X-6.
func TestFilter(t *testing.T) {
	meta := func(name string, lines ...string) string {
		return skill(append([]string{"name: " + name, "description: d", "metadata:", "  cowagent:"}, lines...)...)
	}
	root := layout(t, map[string]string{
		"bin/tool":                     "#!/bin/sh\n",
		"bin/noexec":                   "#!/bin/sh\n",
		"ws/skills/a-env/SKILL.md":     meta("a-env", "    requires:", "      env: [SET]"),
		"ws/skills/b-blank/SKILL.md":   meta("b-blank", "    requires:", "      env: [BLANK, UNSET]"),
		"ws/skills/c-anyenv/SKILL.md":  meta("c-anyenv", "    requires: {anyEnv: 'UNSET, SET'}"),
		"ws/skills/d-bins/SKILL.md":    meta("d-bins", "    requires:", "      bins: [tool, noexec]"),
		"ws/skills/e-always/SKILL.md":  meta("e-always", "    always: 'false'", "    requires: {env: [UNSET]}"),
		"ws/skills/f-os/SKILL.md":      meta("f-os", "    os: [win32]"),
		"ws/skills/g-os-miss/SKILL.md": meta("g-os-miss", "    os: [win32]", "    always: true", "    requires: {anyBins: [nope, nope2]}"),
		"ws/skills/h-off/SKILL.md":     meta("h-off", "    default_enabled: no"),
		"ws/skills/i-cfg/SKILL.md":     meta("i-cfg", "    requires: {env: [UNSET]}"),
		"ws/skills/j-str/SKILL.md":     skill("name: j-str", "description: d"),
		"ws/skills/k-hidden/SKILL.md":  skill("name: k-hidden", "description: d", "disable-model-invocation: On"),
		"ws/skills/l-hidden2/SKILL.md": skill("name: l-hidden2", "description: d", "disable-model-invocation: yes", "metadata: '{\"requires\": {\"env\": [\"UNSET\"]}}'"),
		"ws/skills/knowledge/SKILL.md": skill("name: knowledge-wiki", "description: d"),
		"ws/skills/skills_config.json": `{"i-cfg": {"enabled": 0}, "j-str": {"enabled": "false"}, "h-off": {"name": "h-off"}}`,
	})
	if err := os.Chmod(root+"/bin/tool", 0o755); err != nil {
		t.Fatal(err)
	}
	o := opts(root)
	o.Knowledge = false
	res := load(t, o)
	if got, want := names(res), "a-env c-anyenv e-always h-off j-str | b-blank d-bins g-os-miss l-hidden2"; got != want {
		t.Errorf("names = %q, want %q", got, want)
	}
	var missing []string
	for _, s := range res.Unavailable {
		missing = append(missing, s.Missing)
	}
	wantMissing := []string{"env: BLANK, UNSET", "bins: noexec", "anyBins: nope, nope2", "env: UNSET"}
	if !reflect.DeepEqual(missing, wantMissing) {
		t.Errorf("missing = %q, want %q", missing, wantMissing)
	}
	wantExcl := []string{
		"ws/skills/f-os/SKILL.md: not for this platform (os: win32)",
		"ws/skills/i-cfg/SKILL.md: disabled (enabled is false in skills_config.json)",
		"ws/skills/k-hidden/SKILL.md: disable-model-invocation",
		"ws/skills/knowledge/SKILL.md: knowledge is off",
	}
	if got := excluded(root, res); !reflect.DeepEqual(got, wantExcl) {
		t.Errorf("excluded:\n got %q\nwant %q", got, wantExcl)
	}
}

// TestPrompt covers R-SKILL-FMT, R-SKILL-ESC and the setup hint.
func TestPrompt(t *testing.T) {
	long := strings.Repeat("x", 310)
	root := layout(t, map[string]string{
		"ws/skills/esc/SKILL.md": skill("name: a&b", `description: "x < y > z, 'q' and \"d\" &amp;"`),
		"ws/skills/tts/SKILL.md": skill("name: tts", "description: speak", "metadata: {requires: {env: [K]}}") +
			"\n##   Setup  \n\n1. one\n\n2. two\n3\n4\n5\n6\n7\n## Usage\n",
		"ws/skills/long/SKILL.md": skill("name: long", "description: d", "metadata: {requires: {env: [K]}}") + "## Setup\n" + long + "\n",
		"ws/skills/none/SKILL.md": skill("name: none", "description: d", "metadata: {requires: {env: [K]}}") + "## Setup guide\nno\n",
	})
	res := load(t, opts(root))
	want := "<available_skills>\n" +
		"  <skill>\n" +
		"    <name>a&amp;b</name>\n" +
		"    <description>x &lt; y &gt; z, &apos;q&apos; and &quot;d&quot; &amp;amp;</description>\n" +
		"    <location>" + root + "/ws/skills/esc/SKILL.md</location>\n" +
		"    <base_dir>" + root + "/ws/skills/esc</base_dir>\n" +
		"  </skill>\n" +
		"</available_skills>\n" +
		"<unavailable_skills>\n" +
		unavailableNote + "\n" +
		"  <skill>\n    <name>long</name>\n    <description>d</description>\n    <missing>env: K</missing>\n    <setup>" + long[:300] + "</setup>\n  </skill>\n" +
		"  <skill>\n    <name>none</name>\n    <description>d</description>\n    <missing>env: K</missing>\n  </skill>\n" +
		"  <skill>\n    <name>tts</name>\n    <description>speak</description>\n    <missing>env: K</missing>\n    <setup>1. one 2. two 3 4 5</setup>\n  </skill>\n" +
		"</unavailable_skills>"
	if res.Prompt != want {
		t.Errorf("prompt:\n got %q\nwant %q", res.Prompt, want)
	}
}

// TestEmpty: a skill manager without skills gives no prompt and
// CowAgent's warning (case 29); missing directories are not errors.
func TestEmpty(t *testing.T) {
	root := layout(t, map[string]string{"ws/": "/"})
	o := opts(root)
	o.BuiltinDir = root + "/missing"
	o.CustomDir = ""
	o.WorkspaceDir = "ws"
	res := load(t, o)
	if res.Prompt != "" || len(res.Diags) != 1 || res.Diags[0].Message != "[PromptBuilder] No skills prompt generated - skills_prompt is empty" {
		t.Errorf("got prompt %q, diags %v", res.Prompt, res.Diags)
	}
}

// TestLinkAI covers R-X-5.
func TestLinkAI(t *testing.T) {
	fm := skill("name: linkai-agent", "description: fallback")
	tests := []struct {
		name, config, want string
		warn               bool
	}{
		{"apps", `{"apps": [{"app_name": "写作助手", "app_code": "Ab12", "app_description": "writes & edits"}, {"app_name": "Search", "app_code": "Cd34", "app_description": "web <search>"}]}`,
			"Call LinkAI apps/workflows. 写作助手(Ab12: writes & edits); Search(Cd34: web <search>)", false},
		{"empty apps", `{"apps": []}`, "fallback", false},
		{"missing key", `{"apps": [{"app_name": "x"}]}`, "fallback", true},
		{"invalid json", `{bad`, "fallback", true},
		{"no config", "", "-", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"ws/skills/linkai/SKILL.md": fm}
			if tt.config != "" {
				files["ws/skills/linkai/config.json"] = tt.config
			}
			res := load(t, opts(layout(t, files)))
			got := "-"
			if len(res.Skills) == 1 {
				got = res.Skills[0].Description
			}
			if got != tt.want {
				t.Errorf("description = %q, want %q", got, tt.want)
			}
			if warned := len(res.Diags) > 0 && res.Diags[0].Code == CodeLinkAI; warned != tt.warn {
				t.Errorf("warning = %v, want %v (%v)", warned, tt.warn, res.Diags)
			}
		})
	}
}

// TestFormatFailure: a name that is not a string makes CowAgent's
// formatter raise; the builder swallows it and shows no skills.
func TestFormatFailure(t *testing.T) {
	root := layout(t, map[string]string{
		"ws/skills/a/SKILL.md": skill("name: ok", "description: d"),
		"ws/skills/b/SKILL.md": skill("name: [5]", "description: d"),
	})
	res := load(t, opts(root))
	if res.Prompt != "" || len(res.Skills) != 0 {
		t.Errorf("prompt %q, skills %v", res.Prompt, res.Skills)
	}
	if len(res.Diags) != 1 || res.Diags[0].Message != "Failed to build skills prompt: 'int' object has no attribute 'replace'" {
		t.Errorf("diags = %v", res.Diags)
	}
}
