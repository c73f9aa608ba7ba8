package host_test

import (
	"context"
	"testing"

	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// TestBuilderCacheKeepsWarmBuilders: one Builder per plan and cwd, made
// once with its entry's file system; past the maximum the least recently
// used entry goes, its watcher closed, and is made afresh when asked again.
func TestBuilderCacheKeepsWarmBuilders(t *testing.T) {
	plan, ds, err := pipelines.CompileLayers(context.Background(), []spec.Layer{{Name: "p.yaml", Data: []byte("promptc: 1\nname: p\nsections:\n  a: {template: hello}\n")}}, nil)
	if err != nil || plan == nil {
		t.Fatalf("compile: %v %v", err, ds)
	}
	type data struct{ made int }
	made := 0
	c := host.NewBuilderCache(1, true, func(w *host.Warm[data]) sources.FS {
		made++
		w.Data.made = made
		return osfs.Root()
	})
	wa := c.Get(plan, "/a")
	a, err := wa.Builder()
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := c.Builder(plan, "/a"); again != a || made != 1 {
		t.Fatalf("second use: same builder %v, made %d times; want the same, made once", again == a, made)
	}
	for range 2 { // one build arms the watch, the next checks it
		if res, err := a.Build(context.Background(), nil); err != nil || res.Text != "hello" {
			t.Fatalf("build: %v %v", res, err)
		}
	}
	watching := a.Watching()
	b, _ := c.Builder(plan, "/b") // drops /a: the cache holds one
	if b == a || made != 2 || c.Len() != 1 {
		t.Fatalf("another cwd: same builder %v, made %d, kept %d", b == a, made, c.Len())
	}
	if watching && a.Watching() {
		t.Error("the dropped Builder still watches")
	}
	if res, err := a.Build(context.Background(), nil); err != nil || res.Text != "hello" {
		t.Errorf("a dropped Builder still builds (by stat): %v %v", res, err)
	}
	wa2 := c.Get(plan, "/a")
	if a2, _ := wa2.Builder(); a2 == a || wa2.Data.made != 3 || wa.Data.made != 1 {
		t.Errorf("asked again after the drop: same builder %v, data %d (first %d); want a new entry, made third", a2 == a, wa2.Data.made, wa.Data.made)
	}
	if !watching {
		t.Skip("this system cannot watch: the watcher's close was not checked")
	}
}
