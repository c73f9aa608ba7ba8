package explain_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/explain"
)

// cowagentFixture runs the cowagent pipeline over a workspace with a
// truncated MEMORY.md, a placeholder USER.md, a missing RULE.md, a
// BOOTSTRAP.md skipped because AGENT.md was edited, a builtin skill, an
// unavailable one and a disabled one, in a language the catalog lacks.
var cowagentFixture = fixture{
	name:     "cowagent workspace",
	pipeline: "cowagent@i18n",
	tree: map[string]string{
		"ws/AGENT.md":                  "# AGENT.md\n\n- **Name**: Cow\n",
		"ws/USER.md":                   "# USER.md\n\n- **Name**: *(filled during the first chat)*\n",
		"ws/MEMORY.md":                 strings.Repeat("- note\n", 203),
		"ws/BOOTSTRAP.md":              "Say hello.\n",
		"ws/knowledge/index.md":        "- [a](a.md)\n",
		"ws/skills/notes/SKILL.md":     fmt.Sprintf(skillTree, "notes", "Keep notes.", ""),
		"ws/skills/skills_config.json": `{"notes": {"enabled": false}}`,
		"builtin/pdf/SKILL.md":         fmt.Sprintf(skillTree, "pdf", "Read PDFs.", ""),
		"builtin/gh/SKILL.md":          fmt.Sprintf(skillTree, "gh", "Use GitHub.", "metadata:\n  requires:\n    bins: [gh-missing]\n"),
	},
	params: map[string]any{
		"cwd": "${ROOT}/ws", "cwd_arg": ".", "today": "2026-01-15", "path": "",
		"language":       "zh-Hant",
		"tools":          []string{"read", "bash", "memory_get", "mcp_x"},
		"memory_manager": true,
		"skills":         map[string]any{"builtin_dir": "${ROOT}/builtin", "custom_dir": "skills", "env": map[string]any{"PATH": "/nonexistent"}},
		"runtime_info":   map[string]any{"current_time": "2026-01-15 09:30"},
	},
}

func TestCowAgentRoles(t *testing.T) {
	_, rep, root := cowagentFixture.run(t)
	rel := func(s string) string { return strings.ReplaceAll(s, root+"/", "") }

	var files []string
	for _, f := range rep.ContextFiles {
		files = append(files, fmt.Sprintf("%s %s %d %v", rel(f.Path), f.Name, f.Bytes, f.Truncated))
	}
	if got, want := strings.Join(files, "|"), "ws/AGENT.md AGENT.md 28 false|ws/MEMORY.md MEMORY.md 1421 true|ws/knowledge/index.md knowledge/index.md 12 false"; got != want {
		t.Errorf("context files = %s, want %s", got, want)
	}

	sk := rep.Skills
	var skills []string
	for _, list := range [][]explain.Skill{sk.Listed, sk.Unlisted, sk.Hidden, sk.Unavailable} {
		var names []string
		for _, s := range list {
			names = append(names, fmt.Sprintf("%s@%s[%s]%s", s.Name, rel(s.Path), s.Scope, s.Missing))
		}
		skills = append(skills, strings.Join(names, ","))
	}
	if got, want := strings.Join(skills, "|"), "pdf@builtin/pdf/SKILL.md[builtin]|||gh@builtin/gh/SKILL.md[builtin]bins: gh-missing"; got != want {
		t.Errorf("skills = %s, want %s", got, want)
	}
	if got := strings.Join(sk.Sections, ","); got != "skills" {
		t.Errorf("skills sections = %s", got)
	}

	var tools []string
	for _, l := range rep.Tools.Listed {
		tools = append(tools, l.Name+"="+l.Snippet)
	}
	if got, want := strings.Join(tools, ","), "read=读取文件内容,bash=执行shell命令,memory_get=读取记忆内容,mcp_x="; got != want {
		t.Errorf("tools = %s, want %s", got, want)
	}

	want := []explain.Catalog{{Source: "t", Requested: "zh-Hant", Language: "zh", Fallback: true, Languages: []string{"en", "zh"}}}
	if fmt.Sprint(rep.Catalogs) != fmt.Sprint(want) {
		t.Errorf("catalogs = %+v, want %+v", rep.Catalogs, want)
	}
}

func TestCowAgentWhyNot(t *testing.T) {
	_, rep, root := cowagentFixture.run(t)
	want := []string{
		"section user_identity: condition is false []",
		"section suffix: condition is false []",
		"candidate skillset ws/skills/notes/SKILL.md: disabled (enabled is false in skills_config.json)",
		"unavailable skillset builtin/gh/SKILL.md: requirements not met (skill gh is listed as not ready; it misses bins: gh-missing)",
		"candidate ws ws/USER.md: unfilled template placeholder (contains *(filled during)",
		"candidate ws ws/RULE.md: missing",
		"candidate ws ws/BOOTSTRAP.md: a watched file is modified (AGENT.md differs from its pristine text)",
		"truncated ws ws/MEMORY.md: truncated (the prompt keeps the last 200 lines (1399 bytes) of 1421 bytes on disk, after the notice (84 bytes); limits: 200 lines, 25000 bytes (drop_all beyond))",
	}
	if got := whyNot(rep, root); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("why not:\n got %q\nwant %q", got, want)
	}
	// The runtime section (the time) precedes the stable response_language
	// section; memory (today's date) precedes everything from knowledge on.
	var warned []string
	for _, w := range rep.Warnings {
		warned = append(warned, w.Code+" "+w.Section)
	}
	if got, want := strings.Join(warned, ","), "cache/volatile-first runtime"; got != want {
		t.Errorf("warnings = %s, want %s", got, want)
	}
}
