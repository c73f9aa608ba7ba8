package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fsnotify/fsnotify"

	"github.com/promptc/promptc/sources/osfs"
)

// TestWatchLostEvents: a queue overflow makes the next build check every
// fact; a path that cannot be watched turns the fast path off.
func TestWatchLostEvents(t *testing.T) {
	w, err := newWatch()
	if err != nil {
		t.Skip("no watcher:", err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w.rearm(osfs.Root(), []string{file}, nil)
	gen, ready := w.generation()
	if !ready || gen == 0 {
		t.Fatalf("after new watches: generation %d, ready %v; want a new generation (the next build checks by stat)", gen, ready)
	}
	if again, _ := w.generation(); again != gen {
		t.Fatal("armed and quiet, yet the generation moved")
	}
	w.w.Errors <- fsnotify.ErrEventOverflow
	for {
		if now, _ := w.generation(); now != gen { // the loop received it
			break
		}
	}
	if _, ready := w.generation(); !ready {
		t.Error("after the overflow, the next build should be able to take the fast path again")
	}
	w.close()

	// A closed watcher cannot add watches: partial, never clean.
	w2, err := newWatch()
	if err != nil {
		t.Skip(err)
	}
	w2.close()
	w2.rearm(osfs.Root(), []string{file}, nil)
	if _, ready := w2.generation(); w2.ready() || ready {
		t.Error("a watch that could not be added still allows the fast path")
	}
}
