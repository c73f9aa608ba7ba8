package piresources_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

func TestSkillValidation(t *testing.T) {
	emoji33 := strings.Repeat("😀", 33) // 66 UTF-16 units, 33 runes
	tests := []struct {
		name      string
		content   string
		want      *piresources.Skill // nil: skipped
		wantDiags []string
	}{
		{"valid", "---\nname: ok\ndescription: Fine.\n---\nBody\n",
			&piresources.Skill{Name: "ok", Description: "Fine."}, nil},
		{"SKL-V1 name from the directory", "---\ndescription: Fine.\n---\n",
			&piresources.Skill{Name: "dir", Description: "Fine."}, nil},
		{"SKL-V1 falsy name 0 falls back", "---\nname: 0\ndescription: Fine.\n---\n",
			&piresources.Skill{Name: "dir", Description: "Fine."}, nil},
		{"SKL-V3 missing description", "---\nname: ok\n---\n",
			nil, []string{"description is required"}},
		{"SKL-V3 blank description", "---\nname: ok\ndescription: \" \\t\\u3000\"\n---\n",
			nil, []string{"description is required"}},
		{"SKL-V3 falsy description 0", "---\nname: ok\ndescription: 0\n---\n",
			nil, []string{"description is required"}},
		{"SKL-V3 no frontmatter", "# Title\n", nil, []string{"description is required"}},
		{"FM-1 BOM means no frontmatter", "\uFEFF---\nname: ok\ndescription: Fine.\n---\n",
			nil, []string{"description is required"}},
		{"SKL-V3 name warnings still come, after it", "---\nname: Bad--\n---\n", nil, []string{
			"description is required",
			"name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)",
			"name must not start or end with a hyphen",
			"name must not contain consecutive hyphens",
		}},
		{"SKL-V2 UTF-16 length", "---\nname: " + emoji33 + "\ndescription: Long.\n---\n",
			&piresources.Skill{Name: emoji33, Description: "Long."}, []string{
				"name exceeds 64 characters (66)",
				"name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)",
			}},
		{"SKL-V4 long description loads", "---\nname: ok\ndescription: " + strings.Repeat("😀", 513) + "\n---\n",
			&piresources.Skill{Name: "ok", Description: strings.Repeat("😀", 513)},
			[]string{"description exceeds 1024 characters (1026)"}},
		{"SKL-V5 numeric description", "---\nname: ok\ndescription: 42\n---\n",
			nil, []string{"description.trim is not a function"}},
		{"SKL-V5 list description", "---\nname: ok\ndescription: [a]\n---\n",
			nil, []string{"description.trim is not a function"}},
		{"SKL-V5 numeric name", "---\nname: 123\ndescription: Fine.\n---\n",
			nil, []string{"name.startsWith is not a function"}},
		{"SKL-V5 boolean name without description", "---\nname: true\n---\n",
			nil, []string{"description is required", "name.startsWith is not a function"}},
		{"SKL-V6 invalid YAML", "---\nname: ok\ndescription: Use this: when needed\n---\n", nil,
			[]string{"Nested mappings are not allowed in compact mappings at line 2, column 14:\n\ndescription: Use this: when needed\n             ^\n"}},
		{"SKL-V7 unknown fields and CRLF", "---\r\nname: ok\r\ndescription: |\r\n  Line one.\r\n  Line two.\r\nlicense: MIT\r\n---\r\n",
			&piresources.Skill{Name: "ok", Description: "Line one.\nLine two.\n"}, nil},
		{"FM-2 only the boolean true hides", "---\nname: ok\ndescription: Fine.\ndisable-model-invocation: yes\n---\n",
			&piresources.Skill{Name: "ok", Description: "Fine."}, nil},
		{"SKL-F4 disable-model-invocation", "---\nname: ok\ndescription: Fine.\ndisable-model-invocation: true\n---\n",
			&piresources.Skill{Name: "ok", Description: "Fine.", DisableModelInvocation: true}, nil},
		{"X-15 invalid UTF-8 is replaced", "---\nname: ok\ndescription: a\xf0\x9f\x98b\xed\xa0\x80\n---\n",
			&piresources.Skill{Name: "ok", Description: "a\uFFFDb\uFFFD\uFFFD\uFFFD"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, fsys := mkTree(t, map[string]string{"h/.pi/agent/skills/dir/SKILL.md": tt.content})
			res, err := piresources.LoadSkills(context.Background(), fsys, piresources.SkillOptions{
				Cwd: root + "/h", Home: root + "/h", AgentDir: root + "/h/.pi/agent", Discover: true,
			})
			if err != nil {
				t.Fatal(err)
			}
			file := root + "/h/.pi/agent/skills/dir/SKILL.md"
			want := []piresources.Skill{}
			if tt.want != nil {
				w := *tt.want
				w.FilePath, w.BaseDir, w.Scope = file, root+"/h/.pi/agent/skills/dir", piresources.ScopeUser
				want = append(want, w)
			}
			if !reflect.DeepEqual(res.Skills, want) {
				t.Errorf("skills:\n got %+v\nwant %+v", res.Skills, want)
			}
			var msgs []string
			for _, d := range res.Diags {
				msgs = append(msgs, d.Message)
				if d.Path != file {
					t.Errorf("diagnostic path %q, want %q", d.Path, file)
				}
			}
			if !reflect.DeepEqual(msgs, tt.wantDiags) {
				t.Errorf("diags:\n got %q\nwant %q", msgs, tt.wantDiags)
			}
		})
	}
}
