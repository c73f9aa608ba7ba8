package pipelines_test

import (
	"context"
	"regexp"
	"runtime"
	"slices"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources/osfs"
)

// TestSkillReadsAheadKeepPiOrder: pi's skill files are read ahead on
// several goroutines, but a run whose read budget runs out among them
// still loads a prefix of the skills in pi's order (each later file fails
// as unreadable), and the same run gives the same prompt every time.
func TestSkillReadsAheadKeepPiOrder(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	params := fixture(t, 60, 2)
	plan := compileDefault(t)
	ctx := context.Background()
	names := regexp.MustCompile(`<name>([^<]*)</name>`)
	skills := func(max int64) (string, []string) {
		res, err := plan.Run(ctx, engine.Input{FS: osfs.Root(), Params: params, MaxReadBytes: max})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range names.FindAllStringSubmatch(res.Text, -1) {
			out = append(out, m[1])
		}
		return res.Text, out
	}
	_, all := skills(0)
	if len(all) != 60 {
		t.Fatalf("%d skills without a budget, want 60", len(all))
	}
	cuts := 0
	for max := int64(500); max < 40000 && cuts < 4; max += 500 {
		text, got := skills(max)
		if len(got) == len(all) {
			break
		}
		if len(got) == 0 {
			continue
		}
		cuts++
		if !slices.Equal(got, all[:len(got)]) {
			t.Errorf("budget %d: skills %v, want a prefix of %v", max, got, all)
		}
		for range 5 {
			if again, _ := skills(max); again != text {
				t.Fatalf("budget %d: another prompt on another run", max)
			}
		}
	}
	if cuts == 0 {
		t.Fatal("no budget cut the skills")
	}
}
