package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigEffectiveBuildsTheSame: the pipeline promptc config prints,
// built on its own with --no-config, gives the same prompt, byte for
// byte, as the layered build it was printed from — for added, moved,
// disabled and replaced sections, templates with leading newlines and
// both built-in pipelines.
func TestConfigEffectiveBuildsTheSame(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		args  []string
		// want is in the layered prompt, not is not.
		want, not string
	}{
		{name: "no layers", args: []string{"--no-config"}, want: "Project rules."},
		{name: "cowagent no layers", args: []string{"--no-config", "--pipeline", "cowagent"}, want: "Project rules."},
		{name: "user adds, moves and disables", files: map[string]string{
			"user.yaml": "sections:\n  cwd:\n    order: 5\n  company:\n    after: [cwd]\n    template: Follow the rules.\n  body_pi_docs:\n    disabled: true\n",
		}, want: "Follow the rules.", not: "Pi documentation"},
		{name: "system replaces a template with a leading newline", files: map[string]string{
			"system.yaml": "sections:\n  cwd:\n    template: \"\\n\\nWorking in {{ .cwd }}\\n\"\n  between:\n    after: [body_tools]\n    before: [body_guidelines]\n    template: |\n\n      Between.\n\n",
		}, want: "Between.", not: "<cwd>"},
		{name: "cowagent with a company section", files: map[string]string{
			"user.yaml": "default_pipeline: cowagent\npipeline: cowagent\nsections:\n  company:\n    order: 1\n    template: \"Company rules.\\n\"\n",
		}, want: "Company rules."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			for name, body := range tc.files {
				if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			proj := filepath.Join(root, "proj")
			if err := os.MkdirAll(proj, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"AGENTS.md", "AGENT.md"} { // pi's and CowAgent's
				if err := os.WriteFile(filepath.Join(proj, name), []byte("Project rules.\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			e := fakeEnv{vars: map[string]string{
				"HOME":                  root + "/home",
				"PROMPTC_SYSTEM_CONFIG": root + "/system.yaml",
				"PROMPTC_USER_CONFIG":   root + "/user.yaml",
			}, wd: proj}
			args := append([]string{"--cwd", proj}, tc.args...)
			code, layered, stderr := runWith(e, append([]string{"build"}, args...)...)
			if code != 0 {
				t.Fatalf("build: exit %d: %s", code, stderr)
			}
			code, eff, stderr := runWith(e, append([]string{"config"}, args...)...)
			if code != 0 {
				t.Fatalf("config: exit %d: %s", code, stderr)
			}
			file := filepath.Join(root, "effective.yaml")
			if err := os.WriteFile(file, []byte(eff), 0o644); err != nil {
				t.Fatal(err)
			}
			standalone := append([]string{"build", "--no-config", "--pipeline", file}, withoutPipeline(args)...)
			code, alone, stderr := runWith(e, standalone...)
			if code != 0 {
				t.Fatalf("build effective: exit %d: %s", code, stderr)
			}
			if layered != alone {
				t.Errorf("the effective pipeline builds a different prompt\nlayered:\n%q\nstandalone:\n%q", layered, alone)
			}
			if !strings.Contains(layered, tc.want) || tc.not != "" && strings.Contains(layered, tc.not) {
				t.Errorf("want %q and not %q in the layered prompt:\n%s", tc.want, tc.not, layered)
			}
		})
	}
}

// withoutPipeline drops --pipeline NAME from args.
func withoutPipeline(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--pipeline" {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}
