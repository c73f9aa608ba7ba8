package cowagentskills

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources"
)

type cowCase struct {
	Conf struct {
		Knowledge *bool `json:"knowledge"`
	} `json:"conf"`
	Env         map[string]string `json:"env"`
	InjectError string            `json:"inject_error"`
}

type cowExpected struct {
	Language  string                     `json:"language"`
	Workspace map[string]json.RawMessage `json:"workspace_before_build"`
	Builtin   map[string]json.RawMessage `json:"builtin_skills_before_build"`
	SkillDirs *struct {
		BuiltinDir string `json:"builtin_dir"`
		CustomDir  string `json:"custom_dir"`
	} `json:"skill_dirs"`
	Warnings []string `json:"warnings"`
	Sections []struct {
		Name  string   `json:"name"`
		Lines []string `json:"lines"`
	} `json:"sections"`
}

const oracleRoot = "/tmp/cowagent-oracle"

// TestOracle lays out every CowAgent oracle case that has a skill manager
// (its workspace and builtin skills dir as they stood before the build)
// and compares Load's prompt with the skills block CowAgent's
// _build_skills_section returned (i18n goldens), and its warnings with
// CowAgent's skill warnings. Case 25 (the rebuild fails) must fail with a
// *BuildError once a file sits where the custom dir should be, as the
// conformance harness arranges.
func TestOracle(t *testing.T) {
	fsys := os.DirFS("/").(sources.FS)
	n := 0
	for _, dir := range oracletest.CowAgentCases(t) {
		var c cowCase
		var exp cowExpected
		if !oracletest.ReadJSON(t, filepath.Join(dir, "case.json"), &c) || !oracletest.ReadJSON(t, filepath.Join(dir, "expected.i18n.json"), &exp) || exp.SkillDirs == nil {
			continue
		}
		n++
		t.Run(filepath.Base(dir), func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			mapPath := func(p string) string { return strings.ReplaceAll(p, oracleRoot, root) }
			cwd := root + "/cwd"
			if err := os.MkdirAll(cwd, 0o755); err != nil {
				t.Fatal(err)
			}
			oracletest.WriteRecorded(t, root+"/ws", exp.Workspace)
			if exp.Builtin != nil {
				oracletest.WriteRecorded(t, mapPath(exp.SkillDirs.BuiltinDir), exp.Builtin)
			}
			env := map[string]string{"PATH": os.Getenv("PATH"), "HOME": root + "/home", "LANG": "C.UTF-8"}
			for k, v := range c.Env {
				env[k] = v
			}
			opts := Options{
				BuiltinDir: mapPath(exp.SkillDirs.BuiltinDir),
				CustomDir:  mapPath(exp.SkillDirs.CustomDir),
				Base:       cwd,
				Env:        env,
				Knowledge:  c.Conf.Knowledge == nil || *c.Conf.Knowledge,
			}
			if c.InjectError != "" {
				if err := os.RemoveAll(opts.CustomDir); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(opts.CustomDir, []byte("not a directory\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				_, err := Load(context.Background(), fsys, opts)
				var be *BuildError
				if !errors.As(err, &be) {
					t.Fatalf("Load error = %v, want a *BuildError", err)
				}
				if want := "skills refresh failed: [Errno 17] File exists: '" + opts.CustomDir + "'"; err.Error() != want {
					t.Errorf("error %q, want %q", err, want)
				}
				return
			}
			res, err := Load(context.Background(), fsys, opts)
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			for _, s := range exp.Sections {
				if s.Name == "_build_skills_section" && len(s.Lines) == 13 {
					want = mapPath(s.Lines[11])
				}
			}
			if res.Prompt != want {
				t.Errorf("prompt:\n got %q\nwant %q", res.Prompt, want)
			}
			var got, wantWarnings []string
			for _, d := range res.Diags {
				got = append(got, "WARNING: "+d.Message)
			}
			for _, w := range exp.Warnings {
				if strings.Contains(w, "skills") || strings.Contains(w, "[Skill") {
					wantWarnings = append(wantWarnings, w)
				}
			}
			if !reflect.DeepEqual(got, wantWarnings) {
				t.Errorf("warnings:\n got %q\nwant %q", got, wantWarnings)
			}
		})
	}
	if n == 0 {
		t.Error("no case with skills found")
	}
}
