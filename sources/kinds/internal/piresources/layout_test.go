package piresources_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

func TestCustomLayout(t *testing.T) {
	root, fsys := mkTree(t, map[string]string{
		"h/.cow/abilities/x/ABILITY.md":       skill("x", "Custom names."),
		"h/.cow/abilities/x/other.md":         skill("other", "Hidden by ABILITY.md."),
		"h/.cow/abilities/skip/ABILITY.md":    skill("skip", "Ignored by .cowignore."),
		"h/.cow/abilities/.cowignore":         "skip/\n",
		"h/p/.cowproj/abilities/p/ABILITY.md": skill("p", "Project."),
		"h/.pi/agent/skills/pi/SKILL.md":      skill("pi", "Not looked at."),
	})
	layout := piresources.Layout{
		ProjectDir: ".cowproj", SkillsDir: "abilities", SkillFile: "ABILITY.md",
		AgentsSkillsDir: ".shared/abilities", IgnoreFiles: []string{".cowignore"},
	}
	res, err := piresources.LoadSkills(context.Background(), fsys, piresources.SkillOptions{
		Layout: layout, Cwd: root + "/h/p", Home: root + "/h", AgentDir: root + "/h/.cow",
		Trusted: true, Discover: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range res.Skills {
		got = append(got, s.Name+"@"+rel(root, s.FilePath)+"@"+s.Scope)
	}
	want := []string{"p@h/p/.cowproj/abilities/p/ABILITY.md@project", "x@h/.cow/abilities/x/ABILITY.md@user"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("skills:\n got %q\nwant %q", got, want)
	}
}

func TestCancelled(t *testing.T) {
	root, fsys := mkTree(t, map[string]string{"h/.pi/agent/skills/a/SKILL.md": skill("a", "A.")})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := piresources.LoadSkills(ctx, fsys, piresources.SkillOptions{
		Cwd: root + "/h", Home: root + "/h", AgentDir: root + "/h/.pi/agent", Discover: true,
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}
