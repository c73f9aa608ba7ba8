package pipelines_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources/osfs"
)

// TestBuilderResultIsShared: a watching Builder hands the same Result to
// every caller of an unchanged turn, so a host that adds the layers it
// looked for (Result.WithLayers) must leave that Result — and the plan
// behind it — as they were, however many callers do so at once. Run under
// -race this also catches a reader that writes.
func TestBuilderResultIsShared(t *testing.T) {
	plan, params, fsys, b := settledWatch(t, 6, 3)
	settle(t, b, params, fsys)
	first, err := b.Build(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	wantLayers := len(first.Layers)
	extra := []spec.LayerReport{
		{Name: "/etc/promptc/config.yaml", Role: spec.RoleSystem, Status: spec.StatusAbsent},
		{Name: "/home/u/.config/promptc/config.yaml", Role: spec.RoleUser, Status: spec.StatusAbsent},
		{Name: "/proj/.promptc.yaml", Role: spec.RoleProject, Status: spec.StatusIgnored, Reason: "not trusted"},
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				res, err := b.Build(context.Background(), params)
				if err != nil {
					t.Error(err)
					return
				}
				out := res.WithLayers(extra)
				if len(out.Layers) != wantLayers+len(extra) {
					t.Errorf("a reply lists %d layers, want %d", len(out.Layers), wantLayers+len(extra))
					return
				}
				if _, err := json.Marshal(out); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	again, err := b.Build(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	if again != first {
		t.Fatal("the fast path no longer returns the shared Result; the test no longer tests sharing")
	}
	if len(again.Layers) != wantLayers {
		t.Errorf("the shared Result lists %d layers after 400 readers, want %d", len(again.Layers), wantLayers)
	}
	cold, err := plan.Run(context.Background(), engine.Input{FS: osfs.Root(), Params: params})
	if err != nil {
		t.Fatal(err)
	}
	if len(cold.Layers) != wantLayers {
		t.Errorf("a cold run of the plan lists %d layers, want %d: a reader reached the plan", len(cold.Layers), wantLayers)
	}
}
