package piresources_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources/kinds/internal/piresources"
	"github.com/promptc/promptc/sources/osfs"
)

// TestSkillsListedAhead loads skills from directories wide enough to be
// listed ahead (sources.PrefetchDirs, through a per-build cache) and
// without (the plain FS lists nothing ahead): the results are the same,
// with hidden, skipped, ignored, linked and unreadable entries among
// them.
func TestSkillsListedAhead(t *testing.T) {
	files := map[string]string{
		"h/.pi/agent/skills/.gitignore":            "ignored-*/\n",
		"h/.pi/agent/skills/.hidden/x/SKILL.md":    skill("hidden", "Hidden."),
		"h/.pi/agent/skills/node_modules/SKILL.md": skill("nm", "Skipped."),
		"h/.pi/agent/skills/linked":                "->${ROOT}/elsewhere",
		"elsewhere/SKILL.md":                       skill("linked", "Through a link."),
		"h/.pi/agent/skills/broken":                "->${ROOT}/nowhere",
	}
	for i := range 40 {
		files[fmt.Sprintf("h/.pi/agent/skills/s%02d/SKILL.md", i)] = skill(fmt.Sprintf("s%02d", i), "Flat.")
		files[fmt.Sprintf("h/.pi/agent/skills/pack/p%02d/SKILL.md", i)] = skill(fmt.Sprintf("p%02d", i), "In a pack.")
	}
	for i := range 20 {
		files[fmt.Sprintf("h/.pi/agent/skills/ignored-%02d/SKILL.md", i)] = skill(fmt.Sprintf("i%02d", i), "Ignored.")
		files[fmt.Sprintf("h/p/.agents/skills/a%02d/SKILL.md", i)] = skill(fmt.Sprintf("a%02d", i), "Agents mode.")
	}
	files["h/.pi/agent/skills/s07/SKILL.md"] = "---\nname: [unclosed\n---\n"
	root, fsys := mkTree(t, files)
	opts := piresources.SkillOptions{Cwd: root + "/h/p", Home: root + "/h", AgentDir: root + "/h/.pi/agent", Trusted: true, Discover: true}
	ctx := context.Background()
	plain, err := piresources.LoadSkills(ctx, fsys, opts)
	if err != nil {
		t.Fatal(err)
	}
	cache := fscache.Snapshot(osfs.Root()) // a DirReader: it can list ahead
	ahead, err := piresources.LoadSkills(ctx, cache, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Skills) < 100 || !reflect.DeepEqual(ahead, plain) {
		t.Fatalf("listed ahead:\n%+v\nplain:\n%+v", ahead, plain)
	}
}
