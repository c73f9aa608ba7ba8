package main

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestMaterialize(t *testing.T) {
	str := func(s string) *string { return &s }
	tests := []struct {
		name      string
		plan      plan
		wantFiles map[string]string
		wantBare  []string
		wantErr   string
	}{
		{
			name:      "empty workspace",
			plan:      plan{workspace: str("/tmp/cowagent-oracle/ws/"), wsFiles: object{}, cwd: "/tmp/cowagent-oracle/ws/"},
			wantFiles: map[string]string{},
			wantBare:  []string{"cwd", "ws"},
		},
		{
			name: "workspace, builtin, base64",
			plan: plan{
				workspace: str("/tmp/cowagent-oracle/ws"), cwd: "/tmp/cowagent-oracle/ws",
				wsFiles:    object{{"a/b.md", "x"}, {"bin", object{{"base64", "/w=="}}}},
				builtinDir: str("/tmp/cowagent-oracle/builtin-skills"), builtinFiles: object{{"s/SKILL.md", "y"}},
			},
			wantFiles: map[string]string{"ws/a/b.md": "x", "ws/bin": "\xff", "builtin-skills/s/SKILL.md": "y"},
			wantBare:  []string{"cwd"},
		},
		{
			name: "forced file replaces the skills dir",
			plan: plan{
				workspace: str("/tmp/cowagent-oracle/ws"), cwd: "/tmp/cowagent-oracle/ws",
				wsFiles: object{{"AGENT.md", "a"}, {"skills/x/SKILL.md", "s"}},
				forced:  str("/tmp/cowagent-oracle/ws/skills"),
			},
			wantFiles: map[string]string{"ws/AGENT.md": "a", "ws/skills": forcedFailureText},
			wantBare:  []string{"cwd"},
		},
		{
			name:      "no workspace",
			plan:      plan{cwd: emptyCwd},
			wantFiles: map[string]string{},
			wantBare:  []string{"cwd"},
		},
		{name: "outside the root", plan: plan{workspace: str("/tmp/other"), cwd: "/tmp/other"}, wantErr: "path outside"},
		{name: "bad tree path", plan: plan{workspace: str("/tmp/cowagent-oracle/ws"), cwd: "/tmp/cowagent-oracle/ws", wsFiles: object{{"a/../b", ""}}}, wantErr: "bad relative path"},
		{name: "file in a file", plan: plan{workspace: str("/tmp/cowagent-oracle/ws"), cwd: "/tmp/cowagent-oracle/ws", wsFiles: object{{"a", ""}, {"a/b", ""}}}, wantErr: "not a directory"},
		{name: "bad base64", plan: plan{workspace: str("/tmp/cowagent-oracle/ws"), cwd: "/tmp/cowagent-oracle/ws", wsFiles: object{{"a", object{{"base64", "!"}}}}}, wantErr: "bad base64"},
		{name: "missing cwd", plan: plan{workspace: str("/tmp/cowagent-oracle/ws"), wsFiles: object{}, cwd: "/tmp/cowagent-oracle/elsewhere"}, wantErr: "--cwd directory missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := materialize(&tt.plan)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v; want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, k := range slices.Collect(maps.Keys(l.files)) {
				got[k] = string(l.files[k])
			}
			if !reflect.DeepEqual(got, tt.wantFiles) {
				t.Errorf("files = %q; want %q", got, tt.wantFiles)
			}
			if bare := l.bareDirs(); !reflect.DeepEqual(bare, tt.wantBare) {
				t.Errorf("bareDirs = %q; want %q", bare, tt.wantBare)
			}
		})
	}
}
