package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fsnotify/fsnotify"

	"github.com/promptc/promptc/sources"
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
	w.rearm(sources.OSFS(), []string{file}, nil)
	w.clean() // the build after new watches checks by stat
	if !w.clean() {
		t.Fatal("armed and quiet, yet not clean")
	}
	w.w.Errors <- fsnotify.ErrEventOverflow
	for w.clean() { // the loop receives it
	}
	if !w.clean() {
		t.Error("after the overflow was handled, the next build should be fast again")
	}
	w.close()

	// A closed watcher cannot add watches: partial, never clean.
	w2, err := newWatch()
	if err != nil {
		t.Skip(err)
	}
	w2.close()
	w2.rearm(sources.OSFS(), []string{file}, nil)
	if w2.ready() || w2.clean() || w2.clean() {
		t.Error("a watch that could not be added still allows the fast path")
	}
}
