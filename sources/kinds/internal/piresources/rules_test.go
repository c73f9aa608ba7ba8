package piresources_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

// pi 1.x's reading rules (Rules), each against pi 0.83.0's behaviour.
func TestSkillRules(t *testing.T) {
	const dir = "h/.pi/agent/skills/"
	bom := piresources.Rules{StripBOM: true}
	typed := piresources.Rules{StringFields: true}
	runSkillCases(t, []skillCase{
		{
			name:      "a BOM hides the frontmatter (pi 0.83.0)",
			files:     map[string]string{dir + "b/SKILL.md": "\uFEFF" + skill("b", "D")},
			wantDiags: []string{dir + "b/SKILL.md: description is required"},
		},
		{
			name:  "strip_bom: the frontmatter after a BOM is read",
			files: map[string]string{dir + "b/SKILL.md": "\uFEFF" + skill("b", "D")},
			rules: bom,
			want:  []string{"b@" + dir + "b/SKILL.md"},
		},
		{
			name:  "strip_bom: a settings file with a BOM is read",
			files: map[string]string{"h/.pi/agent/settings.json": "\uFEFF{\"skills\": [\"../../x\"]}", "h/x/s/SKILL.md": skill("s", "D")},
			rules: bom,
			want:  []string{"s@h/x/s/SKILL.md"},
		},
		{
			name:      "a non-string name or description throws (pi 0.83.0)",
			files:     map[string]string{dir + "n/SKILL.md": "---\nname: 12\ndescription: D\n---\n", dir + "d/SKILL.md": "---\ndescription: 5\n---\n"},
			wantDiags: []string{dir + "d/SKILL.md: description.trim is not a function", dir + "n/SKILL.md: name.startsWith is not a function"},
		},
		{
			name:      "string_fields: a non-string name is the directory's, a non-string description is missing",
			files:     map[string]string{dir + "n/SKILL.md": "---\nname: 12\ndescription: D\n---\n", dir + "d/SKILL.md": "---\ndescription: 5\n---\n"},
			rules:     typed,
			want:      []string{"n@" + dir + "n/SKILL.md"},
			wantDiags: []string{dir + "d/SKILL.md: description is required"},
		},
		{
			name:      "a loose markdown file without a description warns (pi 0.83.0)",
			files:     map[string]string{dir + "notes.md": "# notes\n", dir + "bad.md": "---\n: [\n---\n"},
			wantDiags: []string{dir + "bad.md: " + yamlError(t), dir + "notes.md: description is required"},
		},
		{
			name:  "string_fields: a loose markdown file without a description or with bad YAML is skipped quietly",
			files: map[string]string{dir + "notes.md": "# notes\n", dir + "bad.md": "---\n: [\n---\n", dir + "ok.md": "---\ndescription: D\n---\n"},
			rules: typed,
			want:  []string{"skills@" + dir + "ok.md"}, // a loose file is named after its directory
		},
	})
}

// yamlError is the warning pi 0.83.0 gives for the bad.md of TestSkillRules.
func yamlError(t *testing.T) string {
	t.Helper()
	root, fsys := mkTree(t, map[string]string{"s/bad.md": "---\n: [\n---\n"})
	res, err := piresources.LoadSkills(context.Background(), fsys, piresources.SkillOptions{
		Cwd: root, Home: root, AgentDir: root + "/a", Paths: []string{root + "/s/bad.md"},
	})
	if err != nil || len(res.Diags) != 1 {
		t.Fatalf("bad.md: %v %v", err, res.Diags)
	}
	return res.Diags[0].Message
}

func TestTemplateRules(t *testing.T) {
	root, fsys := mkTree(t, map[string]string{
		"h/.pi/agent/prompts/bom.md":   "\uFEFF---\ndescription: D\n---\nBody",
		"h/.pi/agent/prompts/typed.md": "---\ndescription: 5\nargument-hint: 7\n---\nFirst line",
	})
	load := func(o piresources.TemplateOptions) map[string]piresources.Template {
		o.Cwd, o.Home, o.AgentDir, o.Discover = root+"/h", root+"/h", root+"/h/.pi/agent", true
		res, err := piresources.LoadTemplates(context.Background(), fsys, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.TemplateEntries() {
			if e.ArgQuotes != string(o.ArgQuotes) {
				t.Errorf("%s: ArgQuotes %q, want %q", e.Name, e.ArgQuotes, o.ArgQuotes)
			}
		}
		out := map[string]piresources.Template{}
		for _, tpl := range res.Templates {
			tpl.FilePath = ""
			out[tpl.Name] = tpl
		}
		return out
	}
	old := load(piresources.TemplateOptions{})
	pi1 := load(piresources.TemplateOptions{Rules: piresources.Rules{StripBOM: true, StringFields: true}, ArgQuotes: sources.ArgQuotesWordStart})
	for _, tc := range []struct {
		name      string
		got, want piresources.Template
	}{
		{"a BOM hides the frontmatter", old["bom"], piresources.Template{Name: "bom", Description: "\uFEFF---", Content: "\uFEFF---\ndescription: D\n---\nBody"}},
		{"strip_bom", pi1["bom"], piresources.Template{Name: "bom", Description: "D", Content: "Body"}},
		{"non-string fields are used (pi 0.83.0)", old["typed"], piresources.Template{Name: "typed", Description: "5", ArgumentHint: "7", Content: "First line"}},
		{"string_fields", pi1["typed"], piresources.Template{Name: "typed", Description: "First line", Content: "First line"}},
	} {
		if !reflect.DeepEqual(tc.got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, tc.got, tc.want)
		}
	}
}
