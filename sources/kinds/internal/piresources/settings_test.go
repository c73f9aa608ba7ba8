package piresources_test

import (
	"testing"

	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

func TestSkillSettingsPatterns(t *testing.T) {
	userSkills := map[string]string{
		"h/.pi/agent/skills/drop-me/SKILL.md": skill("drop-me", "Excluded by name."),
		"h/.pi/agent/skills/exact/SKILL.md":   skill("exact", "Force-excluded by path."),
		"h/.pi/agent/skills/keep-me/SKILL.md": skill("keep-me", "Kept."),
		"h/.pi/agent/skills/wild-1/SKILL.md":  skill("wild-1", "Excluded by glob."),
		"h/.pi/agent/skills/wild-2/SKILL.md":  skill("wild-2", "Force-included."),
	}
	with := func(extra map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range userSkills {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	runSkillCases(t, []skillCase{{
		name: "SKL-D12 overrides on auto-discovered skills",
		files: with(map[string]string{
			"h/.pi/agent/settings.json": `{"skills": ["!drop-me", "-skills/exact", "!wild-*", "+skills/wild-2"]}`,
		}),
		want: []string{"keep-me@h/.pi/agent/skills/keep-me/SKILL.md", "wild-2@h/.pi/agent/skills/wild-2/SKILL.md"},
		wantExcluded: map[string]string{
			"h/.pi/agent/skills/drop-me/SKILL.md": piresources.ReasonDisabled,
			"h/.pi/agent/skills/exact/SKILL.md":   piresources.ReasonDisabled,
			"h/.pi/agent/skills/wild-1/SKILL.md":  piresources.ReasonDisabled,
		},
	}, {
		name: "X-10 exact patterns never match a bare name; X-7 plain globs do not filter auto skills",
		files: with(map[string]string{
			"h/.pi/agent/settings.json": `{"skills": ["-exact", "keep-*", "-./skills/drop-me/SKILL.md"]}`,
		}),
		want: []string{
			"exact@h/.pi/agent/skills/exact/SKILL.md",
			"keep-me@h/.pi/agent/skills/keep-me/SKILL.md",
			"wild-1@h/.pi/agent/skills/wild-1/SKILL.md",
			"wild-2@h/.pi/agent/skills/wild-2/SKILL.md",
		},
	}, {
		name: "X-7 globs filter the files under the list's plain entries",
		files: map[string]string{
			"h/.pi/agent/settings.json": `{"skills": ["../../../lib", "**/a*", "!**/a2", "+../../../lib/b1", "-../../../lib/a1/SKILL.md"]}`,
			"lib/a1/SKILL.md":           skill("a1", "Force-excluded."),
			"lib/a2/SKILL.md":           skill("a2", "Excluded."),
			"lib/a3/SKILL.md":           skill("a3", "Included."),
			"lib/b1/SKILL.md":           skill("b1", "Force-included."),
			"lib/b2/SKILL.md":           skill("b2", "Not included."),
		},
		want: []string{"a3@lib/a3/SKILL.md", "b1@lib/b1/SKILL.md"},
		wantExcluded: map[string]string{
			"lib/a1/SKILL.md": piresources.ReasonDisabled,
			"lib/b2/SKILL.md": piresources.ReasonDisabled,
		},
	}, {
		name: "X-11 project .agents overrides are relative to the .agents directory",
		files: map[string]string{
			"h/p/.pi/settings.json":              `{"skills": ["-skills/gone", "!skills/also-*"]}`,
			"h/p/.agents/skills/gone/SKILL.md":   skill("gone", "Force-excluded."),
			"h/p/.agents/skills/also-x/SKILL.md": skill("also-x", "Excluded."),
			"h/p/.agents/skills/stay/SKILL.md":   skill("stay", "Kept."),
		},
		want: []string{"stay@h/p/.agents/skills/stay/SKILL.md"},
	}, {
		name: "X-6 legacy customDirectories shape",
		files: map[string]string{
			"h/.pi/agent/settings.json": `{"skills": {"customDirectories": ["../../../lib"], "enableSkillCommands": true}}`,
			"lib/x/SKILL.md":            skill("legacy", "From customDirectories."),
		},
		want: []string{"legacy@lib/x/SKILL.md"},
	}, {
		name: "X-16 a settings file that is not an object is {}",
		files: map[string]string{
			"h/.pi/agent/settings.json":           `["!drop-me"]`,
			"h/p/.pi/settings.json":               `{broken`,
			"h/.pi/agent/skills/drop-me/SKILL.md": skill("drop-me", "Still loaded."),
		},
		want: []string{"drop-me@h/.pi/agent/skills/drop-me/SKILL.md"},
		wantExcluded: map[string]string{
			"h/.pi/agent/settings.json": piresources.ReasonInvalid,
			"h/p/.pi/settings.json":     piresources.ReasonInvalid,
		},
	}, {
		name: "settings entries: files taken as they are, missing paths skipped",
		files: map[string]string{
			"h/.pi/agent/settings.json": `{"skills": ["~/one.md", "../../missing", "../../notes.txt", 42]}`,
			"h/one.md":                  skill("one", "A file entry."),
			"h/notes.txt":               "x",
		},
		want:         []string{"one@h/one.md"},
		wantDiags:    []string{"h/notes.txt: skill path is not a markdown file"},
		wantExcluded: map[string]string{"h/missing": piresources.ReasonMissing},
	}, {
		name: "X-9 package filters",
		files: map[string]string{
			"h/.pi/agent/settings.json": `{"packages": [
				{"source": "../../../p1", "skills": ["skills/a*"]},
				{"source": "../../../p2", "skills": []},
				{"source": "../../../p3"},
				"../../../p1"]}`,
			"p1/skills/a1/SKILL.md": skill("p1-a1", "Included by the filter."),
			"p1/skills/b1/SKILL.md": skill("p1-b1", "Filtered out."),
			"p2/skills/x/SKILL.md":  skill("p2-x", "Disabled by an empty list."),
			"p3/package.json":       `{"pi": {"skills": ["./extra", "!extra/no"]}}`,
			"p3/extra/yes/SKILL.md": skill("p3-yes", "Manifest entry."),
			"p3/extra/no/SKILL.md":  skill("p3-no", "Manifest pattern."),
			"p3/skills/z/SKILL.md":  skill("p3-conv", "Convention dir ignored with a manifest."),
		},
		want: []string{"p1-a1@p1/skills/a1/SKILL.md", "p3-yes@p3/extra/yes/SKILL.md"},
		wantExcluded: map[string]string{
			"p1/skills/b1/SKILL.md": piresources.ReasonDisabled,
			"p2/skills/x/SKILL.md":  piresources.ReasonDisabled,
			"p3/extra/no/SKILL.md":  piresources.ReasonDisabled,
		},
	}})
}
