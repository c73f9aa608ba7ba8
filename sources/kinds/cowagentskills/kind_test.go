package cowagentskills

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/promptc/promptc/sources"
)

// TestCowAgentSkills sets the options the way the cowagent pipeline's
// args do (config: skills, workspace_dir, base: cwd, knowledge) and checks
// the value, the disabled case and the build failure.
func TestCowAgentSkills(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	skill := "---\nname: todo\ndescription: Manage a todo list.\n---\n"
	if err := os.MkdirAll(root+"/ws/skills/todo", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(root+"/ws/skills/todo/SKILL.md", []byte(skill), 0o644); err != nil {
		t.Fatal(err)
	}
	env := sources.Env{FS: os.DirFS("/").(sources.FS)}
	resolve := func(args map[string]any) (sources.Output, error) {
		o := New().Options()
		for k, v := range args {
			if err := sources.Set(o, k, v); err != nil {
				t.Fatalf("Set(%s): %v", k, err)
			}
		}
		return New().Resolve(context.Background(), env, o)
	}
	args := map[string]any{
		"config":        map[string]any{"builtin_dir": nil, "env": map[string]any{"PATH": "/usr/bin"}},
		"workspace_dir": root + "/ws",
		"base":          root,
		"knowledge":     true,
	}
	out, err := resolve(args)
	if err != nil {
		t.Fatal(err)
	}
	want := "<available_skills>\n  <skill>\n    <name>todo</name>\n    <description>Manage a todo list.</description>\n" +
		"    <location>" + root + "/ws/skills/todo/SKILL.md</location>\n    <base_dir>" + root + "/ws/skills/todo</base_dir>\n  </skill>\n</available_skills>"
	if got := out.Value.(Result).Prompt; got != want {
		t.Errorf("prompt:\n got %q\nwant %q", got, want)
	}
	if reflect.TypeOf(out.Value) != New().ValueType() || len(out.Origins) != 1 {
		t.Errorf("value %T, origins %v", out.Value, out.Origins)
	}

	args["config"] = nil
	if out, err = resolve(args); err != nil || out.Value.(Result).Prompt != "" {
		t.Errorf("no skill manager: %v, %v", out.Value, err)
	}

	args["config"] = map[string]any{"custom_dir": root + "/ws/skills/todo/SKILL.md"}
	var be *BuildError
	if _, err = resolve(args); !errors.As(err, &be) {
		t.Errorf("custom dir is a file: error %v, want a *cowskills.BuildError", err)
	}

	args["config"] = map[string]any{"builtin": "/x"}
	if _, err = resolve(args); err == nil || err.Error() != `skills: unknown key "builtin" (want builtin_dir, custom_dir or env)` {
		t.Errorf("unknown key: error %v", err)
	}
}
