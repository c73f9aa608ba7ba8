package cowagentskills

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// TestListedAndReadAhead loads a skills directory wide enough for its
// subdirectories to be listed ahead and its files read ahead (through a
// per-build cache over the OS) and without (a plain FS does neither):
// the results are the same, exclusions in the same order.
func TestListedAndReadAhead(t *testing.T) {
	files := map[string]string{
		"ws/skills/.hidden/SKILL.md":      skill("name: hidden", "description: d"),
		"ws/skills/node_modules/SKILL.md": skill("name: nm", "description: d"),
		"ws/skills/README.md":             skill("name: readme", "description: d"),
		"ws/skills/top.md":                skill("name: top", "description: a root file"),
	}
	for i := range 40 {
		files[fmt.Sprintf("ws/skills/s%02d/SKILL.md", i)] = skill(fmt.Sprintf("name: s%02d", i), "description: flat")
		files[fmt.Sprintf("ws/skills/coll/c%02d/SKILL.md", i)] = skill(fmt.Sprintf("name: c%02d", i), "description: nested")
	}
	for _, bad := range []string{"ws/skills/s05/SKILL.md", "ws/skills/coll/c30/SKILL.md"} {
		files[bad] = "---\nname: bad\ndescription: \xff\n---\n"
	}
	root := layout(t, files)
	ctx := context.Background()
	plain, err := Load(ctx, os.DirFS("/").(sources.FS), opts(root))
	if err != nil {
		t.Fatal(err)
	}
	ahead, err := Load(ctx, fscache.Snapshot(osfs.Root()), opts(root))
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Skills) < 70 || !reflect.DeepEqual(ahead, plain) {
		t.Fatalf("ahead:\n%+v\nplain:\n%+v", ahead, plain)
	}
}
