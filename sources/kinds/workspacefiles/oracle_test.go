package workspacefiles

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources"
)

// Stripped template hashes of CowAgent's AGENT.md / USER.md (spec
// R-BOOT-LANG); the cowagent pipeline keeps them in its string catalog.
var cowPristine = map[string]map[string]string{
	"zh": {"AGENT.md": "bdc00b2b6232e9f7160d5bec1c22633d0ba580ea5fec3b7799596fc6a746e2e1",
		"USER.md": "65782ff2ad46b7aa9d200066833f123ab7faf0dd7d1a25a60bcd2037b84612e8"},
	"en": {"AGENT.md": "8ef86b6484ed26a239ef58bafbfc02dbf46bc7ca06917158756e833fc228de1a",
		"USER.md": "35dc34f84f5536a30e99426cadcd912f94b6e6a40a27ee154e8876b5ad2b5096"},
}

type cowCase struct {
	Conf struct {
		Knowledge *bool `json:"knowledge"`
	} `json:"conf"`
}

type cowExpected struct {
	Language     string                     `json:"language"`
	WorkspaceDir *string                    `json:"workspace_dir"`
	Workspace    map[string]json.RawMessage `json:"workspace_before_build"`
	ContextFiles *[]struct {
		Path    string `json:"path"`
		Content string `json:"content"`
	} `json:"context_files"`
	Warnings []string `json:"warnings"`
	Sections []struct {
		Name  string   `json:"name"`
		Lines []string `json:"lines"`
	} `json:"sections"`
}

// TestOracle loads every CowAgent oracle case's workspace (as it stood
// before CowAgent built the prompt) and compares the context files, the
// [Workspace] warnings and the knowledge index with the i18n goldens.
func TestOracle(t *testing.T) {
	fsys := os.DirFS("/").(sources.FS)
	for _, dir := range oracletest.CowAgentCases(t) {
		var c cowCase
		var exp cowExpected
		if !oracletest.ReadJSON(t, filepath.Join(dir, "case.json"), &c) || !oracletest.ReadJSON(t, filepath.Join(dir, "expected.i18n.json"), &exp) {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			cwd := root + "/cwd"
			if err := os.MkdirAll(cwd, 0o755); err != nil {
				t.Fatal(err)
			}
			ws := ""
			if exp.WorkspaceDir != nil {
				ws = root + "/ws"
				if strings.HasSuffix(*exp.WorkspaceDir, "/") {
					ws += "/"
				}
				oracletest.WriteRecorded(t, ws, exp.Workspace)
			}
			lang := "zh"
			if exp.Language == "en" {
				lang = "en"
			}

			// Context files: only with a workspace (A:get_full_system_prompt),
			// and only when the build got that far (case 25 fails before).
			if ws != "" && exp.ContextFiles != nil {
				res, err := Load(context.Background(), fsys, Options{
					Dir: ws, Base: cwd, Files: cowFiles(), Pristine: cowPristine[lang], WarnPrefix: "[Workspace] ",
				})
				if err != nil {
					t.Fatal(err)
				}
				var got, want []loaded
				for _, f := range res.Files {
					got = append(got, loaded{f.Name, f.Content})
				}
				if exp.ContextFiles != nil {
					for _, f := range *exp.ContextFiles {
						want = append(want, loaded{f.Path, f.Content})
					}
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("context files:\n got %q\nwant %q", got, want)
				}
				var warnings, wantWarnings []string
				for _, d := range res.Diags {
					warnings = append(warnings, "WARNING: "+d.Message)
				}
				for _, w := range exp.Warnings {
					if strings.HasPrefix(w, "WARNING: [Workspace]") {
						wantWarnings = append(wantWarnings, w)
					}
				}
				if !reflect.DeepEqual(warnings, wantWarnings) {
					t.Errorf("warnings:\n got %q\nwant %q", warnings, wantWarnings)
				}
			} else if exp.ContextFiles != nil && len(*exp.ContextFiles) > 0 {
				t.Errorf("no workspace, yet CowAgent loaded %d context files", len(*exp.ContextFiles))
			}

			// Knowledge index (B:_build_knowledge_section).
			if c.Conf.Knowledge != nil && !*c.Conf.Knowledge {
				return
			}
			kres, err := Load(context.Background(), fsys, Options{
				Dir: ws, Base: cwd, Files: []FileSpec{{Name: "knowledge/index.md", KeepEmpty: true, Silent: true}},
			})
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, s := range exp.Sections {
				if s.Name == "_build_knowledge_section" {
					lines = s.Lines
				}
			}
			switch {
			case len(lines) == 0:
				if len(kres.Files) != 0 {
					t.Errorf("knowledge index loaded, but CowAgent has no knowledge section")
				}
			case len(kres.Files) != 1:
				t.Errorf("knowledge index not loaded, but CowAgent has a knowledge section")
			case len(lines) == 24:
				if got := kres.Files[0].Content; got != lines[20] {
					t.Errorf("index content:\n got %q\nwant %q", got, lines[20])
				}
			case kres.Files[0].Content != "":
				t.Errorf("index content %q, but CowAgent shows no index block", kres.Files[0].Content)
			}
		})
	}
}
