package engine

import (
	"errors"
	"path"
	"sync"

	"github.com/fsnotify/fsnotify"

	"github.com/promptc/promptc/sources"
)

// watch is a Builder's file-system watcher (BuilderOptions.Watch): it
// watches the directories holding every path the last build depended on,
// and each of their ancestors (so that a link on the way being retargeted,
// or a missing directory appearing, is seen too), under their real paths.
// While no event about one of those paths has arrived since a build began,
// the next build with the same params is that build's Result again, with
// no file-system call at all.
//
// An event is seen once the watcher's goroutine has received it from the
// kernel: a change made in the instant before a Build starts may be
// picked up only by the next one. Lost events (a queue overflow) make the
// next build check every fact by stat; a path that cannot be watched (the
// watch limit) turns the fast path off until a later build can watch
// everything again.
type watch struct {
	w *fsnotify.Watcher

	mu sync.Mutex
	// gen counts what makes earlier builds' facts doubtful: an event
	// about a relevant path, a loss of events, new watches (a change
	// between a read and its watch would be missed). A build's Result
	// holds while gen is what it was when that build began.
	gen uint64
	// partial: some path could not be watched.
	partial bool
	armed   bool
	// watched are the real directories watched; relevant the real
	// names (parent's real path + "/" + entry) whose events matter.
	watched  map[string]bool
	relevant map[string]bool
	// listed are the real directories whose listings the build read: an
	// event about any entry in them matters.
	listed map[string]bool
	done   chan struct{}
}

// newWatch starts a watcher, or returns an error when the system has none
// to give (then the Builder validates by stat).
func newWatch() (*watch, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &watch{w: fw, watched: map[string]bool{}, relevant: map[string]bool{}, listed: map[string]bool{}, done: make(chan struct{})}
	go w.loop()
	return w, nil
}

func (w *watch) loop() {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.w.Events:
			if !ok {
				return
			}
			w.mu.Lock()
			if w.relevant[ev.Name] || w.watched[ev.Name] || w.listed[path.Dir(ev.Name)] {
				w.gen++
			}
			w.mu.Unlock()
		case err, ok := <-w.w.Errors:
			if !ok {
				return
			}
			w.mu.Lock()
			w.gen++ // events may be lost (ErrEventOverflow): check everything
			if !errors.Is(err, fsnotify.ErrEventOverflow) {
				w.partial = true
			}
			w.mu.Unlock()
		}
	}
}

// generation returns the count of doubtful moments so far (see gen) and
// whether the watch covers the last build's facts.
func (w *watch) generation() (gen uint64, ready bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.gen, w.armed && !w.partial
}

// rearm watches what paths (absolute) depend on and the listed
// directories, resolving links through fsys, and stops watching what they
// no longer need.
func (w *watch) rearm(fsys sources.FS, paths, listed []string) {
	res := sources.NewResolver(fsys)
	watched, relevant, lists := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, d := range listed {
		if real, err := res.Realpath(d); err == nil {
			lists[real] = true
			watched[real] = true
		}
	}
	for _, p := range paths {
		for a := path.Clean(p); a != "/"; a = path.Dir(a) {
			parent, err := res.Realpath(path.Dir(a))
			if err != nil {
				continue // missing: a watched ancestor sees it appear
			}
			watched[parent] = true
			relevant[path.Join(parent, path.Base(a))] = true
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	partial, added := false, false
	for d := range watched {
		if w.watched[d] {
			continue
		}
		if err := w.w.Add(d); err != nil {
			partial = true
			delete(watched, d)
			continue
		}
		added = true
	}
	for d := range w.watched {
		if !watched[d] {
			_ = w.w.Remove(d)
		}
	}
	w.watched, w.relevant, w.listed, w.partial, w.armed = watched, relevant, lists, partial, true
	if added {
		w.gen++ // a change between a read and its new watch would be missed
	}
}

// disarm turns the fast path off until the next rearm (a build whose
// facts are not all known).
func (w *watch) disarm() {
	w.mu.Lock()
	w.armed = false
	w.mu.Unlock()
}

// ready reports whether the watch covers the last build's facts.
func (w *watch) ready() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.armed && !w.partial
}

func (w *watch) close() error {
	err := w.w.Close()
	<-w.done
	return err
}
