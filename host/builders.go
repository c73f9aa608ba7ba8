package host

import (
	"sync"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// BuilderCache keeps warm Builders, one per plan and working directory,
// at most max of them: past that the least recently used one is dropped
// and its watcher closed (a build still using it goes on, validating by
// stat). Each Builder is made once, on first use, outside the cache's
// lock, and comes with a T its user keeps beside it (promptc serve: the
// paths its roots refused to the Builder's builds and the JSON of its last
// reply). A BuilderCache is a [Builders] and is safe for concurrent use.
type BuilderCache[T any] struct {
	warm  *lru[builderKey, *Warm[T]]
	watch bool
	fs    func(*Warm[T]) sources.FS
}

type builderKey struct {
	plan *engine.Plan
	cwd  string
}

// NewBuilderCache returns a cache of at most max Builders (at least one).
// With watch, Builders watch the files their builds read
// (engine.BuilderOptions.Watch). fs, when not nil, gives the file system
// the Builder of an entry reads (it may note what the entry's builds do,
// in the entry's Data); nil reads the OS's.
func NewBuilderCache[T any](max int, watch bool, fs func(*Warm[T]) sources.FS) *BuilderCache[T] {
	c := &BuilderCache[T]{watch: watch, fs: fs}
	c.warm = newLRU[builderKey, *Warm[T]](max).onEvict((*Warm[T]).drop)
	return c
}

// Warm is one entry of a [BuilderCache]: a Builder and its user's Data.
type Warm[T any] struct {
	// Data is the user's, made zero with the entry; it does its own
	// locking.
	Data T

	once sync.Once
	b    *engine.Builder
	err  error

	mu sync.Mutex
	// dropped: the cache let the entry go and closed its Builder's
	// watcher (a Builder still being made is made without one).
	dropped bool
}

// Builder returns the warm Builder of plan for cwd, making it on first
// use.
func (c *BuilderCache[T]) Builder(plan *engine.Plan, cwd string) (*engine.Builder, error) {
	return c.Get(plan, cwd).Builder()
}

// Get returns the entry of plan for cwd, its Builder made.
func (c *BuilderCache[T]) Get(plan *engine.Plan, cwd string) *Warm[T] {
	w := c.warm.get(builderKey{plan, cwd}, func() *Warm[T] { return &Warm[T]{} })
	w.once.Do(func() {
		w.mu.Lock()
		watch := c.watch && !w.dropped
		w.mu.Unlock()
		var fsys sources.FS = osfs.Root()
		if c.fs != nil {
			fsys = c.fs(w)
		}
		b, err := engine.NewBuilderWith(plan, fsys, engine.BuilderOptions{Watch: watch})
		w.mu.Lock()
		w.b, w.err = b, err
		dropped := w.dropped
		w.mu.Unlock()
		if dropped && b != nil {
			b.Close() // dropped while it was being made
		}
	})
	return w
}

// Len is the number of Builders kept.
func (c *BuilderCache[T]) Len() int { return c.warm.size() }

// Builder is the entry's Builder, or why it could not be made.
func (w *Warm[T]) Builder() (*engine.Builder, error) { return w.b, w.err }

// drop closes the entry's watcher once the cache has dropped it; a build
// still using the Builder goes on validating by stat.
func (w *Warm[T]) drop() {
	w.mu.Lock()
	w.dropped = true
	b := w.b
	w.mu.Unlock()
	if b != nil {
		b.Close()
	}
}
