package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/port/py/pytext"
)

func mustObject(t *testing.T, text string) object {
	t.Helper()
	v, err := decodeOrdered([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v.(object)
}

const i18nTarget = `"target": {"label": "i18n", "rev": "bc256253"}`

func TestBuildPlanParams(t *testing.T) {
	tests := []struct {
		name, spec, exp string
		wantParams      string
		wantCwd         string
		wantForced      string
	}{
		{
			name: "agent, workspace, tools, runtime subst",
			spec: `{"tools": [{"name": "read", "available": false}, "bash"], "memory_manager": 1,
				"conf": {"knowledge": false, "agent_permission_mode": "ro"},
				"runtime_info": {"workspace": "${WORKSPACE}", "model": "m ${PROJECT}"},
				"extra_system_suffix": "S", "user_identity": {"name": "ignored on agent"}}`,
			exp: `{` + i18nTarget + `, "entry": "agent", "language": "en", "today": "2026-01-15",
				"workspace_dir": "/tmp/cowagent-oracle/ws/", "workspace_before_build": {}}`,
			wantParams: `{
  "language": "en",
  "workspace_dir": "/tmp/cowagent-oracle/ws/",
  "tools": [
    "read",
    "bash"
  ],
  "memory_manager": true,
  "knowledge": false,
  "skills": null,
  "runtime_info": {
    "workspace": "/tmp/cowagent-oracle/ws/",
    "model": "m "
  },
  "extra_system_suffix": "S",
  "today": "2026-01-15",
  "fallback_prompt": ""
}
`,
			wantCwd: "/tmp/cowagent-oracle/ws/",
		},
		{
			name: "builder with identity, no workspace",
			spec: `{"entry": "builder", "user_identity": {"nickname": "J", "name": ""}, "extra_system_suffix": "S",
				"runtime_info": {"workspace": "${WORKSPACE}"}, "cached_system_prompt": "C"}`,
			exp: `{` + i18nTarget + `, "entry": "builder", "language": "zh", "today": "2026-01-15",
				"workspace_dir": null, "workspace_before_build": null}`,
			wantParams: `{
  "language": "zh",
  "workspace_dir": null,
  "tools": [],
  "memory_manager": false,
  "knowledge": true,
  "skills": null,
  "runtime_info": {
    "workspace": "/tmp/cowagent-oracle/ws"
  },
  "user_identity": {
    "nickname": "J",
    "name": ""
  },
  "today": "2026-01-15"
}
`,
			wantCwd: emptyCwd,
		},
		{
			name: "skills with env and inject_error",
			spec: `{"skills": {"builtin": "case"}, "env": {"K": "v", "LANG": "x"}, "inject_error": "skill_refresh",
				"cached_system_prompt": "CACHED"}`,
			exp: `{` + i18nTarget + `, "entry": "agent", "language": "zh-Hant", "today": "2026-01-15",
				"workspace_dir": "/tmp/cowagent-oracle/ws", "workspace_before_build": {"a": "b"},
				"skill_dirs": {"builtin_dir": "/tmp/cowagent-oracle/builtin-skills", "custom_dir": "/tmp/cowagent-oracle/ws/skills"},
				"builtin_skills_before_build": {"s/SKILL.md": "x"}}`,
			wantParams: `{
  "language": "zh-Hant",
  "workspace_dir": "/tmp/cowagent-oracle/ws",
  "tools": [],
  "memory_manager": false,
  "knowledge": true,
  "skills": {
    "builtin_dir": "/tmp/cowagent-oracle/builtin-skills",
    "custom_dir": "/tmp/cowagent-oracle/ws/skills",
    "env": {
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "HOME": "/tmp/cowagent-conformance-XXXX/home",
      "LANG": "x",
      "K": "v"
    }
  },
  "runtime_info": null,
  "today": "2026-01-15",
  "fallback_prompt": "CACHED"
}
`,
			wantCwd:    "/tmp/cowagent-oracle/ws",
			wantForced: "/tmp/cowagent-oracle/ws/skills",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := buildPlan(mustObject(t, tt.spec), mustObject(t, tt.exp), false)
			if err != nil {
				t.Fatal(err)
			}
			got, err := dumps(p.params)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.wantParams {
				t.Errorf("params = %s\nwant %s", got, tt.wantParams)
			}
			if p.cwd != tt.wantCwd {
				t.Errorf("cwd = %q; want %q", p.cwd, tt.wantCwd)
			}
			forced := ""
			if p.forced != nil {
				forced = *p.forced
			}
			if forced != tt.wantForced {
				t.Errorf("forced = %q; want %q", forced, tt.wantForced)
			}
		})
	}
}

func TestBuildPlanSkipsAndErrors(t *testing.T) {
	const ws = `, "workspace_dir": "/tmp/cowagent-oracle/ws", "workspace_before_build": {}`
	tests := []struct {
		name, spec, exp string
		skip            string // wanted skip reason; "" for a harness error
	}{
		{"no workspace_before_build", `{}`, `{` + i18nTarget + `}`,
			"expected file has no workspace_before_build (regenerate with oracle/cowagent/run-all.sh)"},
		{"head-only input", `{"project_dir": "/p", "skip_context_files": true, "permission_mode": false}`, `{` + i18nTarget + ws + `}`,
			"head-only CowAgent input (project_dir, skip_context_files); the params contract follows i18n and has no field for it"},
		{"head-only input ignored", `{"project_dir": "/p", "conf": {"x": 1}}`, `{` + i18nTarget + ws + `, "ignored_inputs": ["project_dir (not in this revision)"]}`,
			`conf key "x" has no params field`},
		{"language", `{"language": "fr"}`, `{` + i18nTarget + ws + `}`,
			"language fr is not one of zh, en, zh-Hant (what get_language() returns)"},
		{"builder without context files", `{"entry": "builder", "load_context_files": false}`, `{` + i18nTarget + ws + `}`,
			"load_context_files=false (builder entry without context files) has no params field"},
		{"inject_error without skills", `{"inject_error": "x"}`, `{` + i18nTarget + ws + `}`,
			"inject_error=x: a forced build failure is only expressible with skills enabled (a regular file at skills.custom_dir makes CowAgent's refresh_skills raise)"},
		{"skills without skill_dirs", `{"skills": {}}`, `{` + i18nTarget + ws + `}`,
			"expected file has no skill_dirs (regenerate with oracle/cowagent/run-all.sh)"},
		{"workspace disagreement", `{}`, `{` + i18nTarget + `, "workspace_dir": "/tmp/cowagent-oracle/ws", "workspace_before_build": null}`, ""},
		{"tool name", `{"tools": [{"name": 3}]}`, `{` + i18nTarget + ws + `}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := buildPlan(mustObject(t, tt.spec), mustObject(t, tt.exp), false)
			var skip skipError
			isSkip := errors.As(err, &skip)
			switch {
			case err == nil:
				t.Fatalf("no error")
			case tt.skip == "" && isSkip:
				t.Errorf("skip %q; want a harness error", skip.reason)
			case tt.skip != "" && (!isSkip || skip.reason != tt.skip):
				t.Errorf("err = %v; want skip %q", err, tt.skip)
			}
		})
	}
}

// TestBuildPlanHeadInputs: at target head the head-only inputs become
// cowagent@head's params and the project dir is laid out; the ones the
// golden ignores stay out.
func TestBuildPlanHeadInputs(t *testing.T) {
	const head = `"target": {"label": "head", "rev": "f0783b11"}, "workspace_dir": "/tmp/cowagent-oracle/ws", "workspace_before_build": {}`
	p, err := buildPlan(mustObject(t, `{"project_dir": "/tmp/cowagent-oracle/project", "permission_mode": "ro",
		"skip_context_files": 1, "conf": {"agent_permission_mode": "workspace"}}`), mustObject(t, `{`+head+`}`), true)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range p.params[len(p.params)-4:] {
		got = append(got, m.key+"="+pytext.Str(m.val))
	}
	want := "project_dir=/tmp/cowagent-oracle/project permission_mode=ro skip_context_files=True agent_permission_mode=workspace"
	if strings.Join(got, " ") != want {
		t.Errorf("head params %q; want %q", strings.Join(got, " "), want)
	}
	if p.project == nil || *p.project != "/tmp/cowagent-oracle/project" {
		t.Errorf("project %v; want the project dir", p.project)
	}
	l, err := materialize(p)
	if err != nil || !l.dirs["project"] {
		t.Errorf("layout %v, %v; want the project dir in it", l, err)
	}

	p, err = buildPlan(mustObject(t, `{"project_dir": "/tmp/cowagent-oracle/project"}`),
		mustObject(t, `{`+head+`, "ignored_inputs": ["project_dir (not in this revision)"]}`), true)
	if err != nil || p.project != nil {
		t.Errorf("an ignored project_dir: project %v, err %v; want none", p.project, err)
	}
	for _, m := range p.params {
		if m.key == "project_dir" {
			t.Errorf("an ignored project_dir is a param")
		}
	}
}
