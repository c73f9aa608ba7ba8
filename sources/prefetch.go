package sources

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Prefetcher is implemented by file systems that can read and parse files
// ahead of their use, on several goroutines, into the parse cache that
// ReadParsed answers from, as the engine's per-source view does. Reading
// ahead changes no result: a kind still reads each file through
// ReadParsed, in its own order, and that read is the one that charges the
// run's budget and reports a failure.
type Prefetcher interface {
	// Prefetch reads and parses the fs.FS names as ReadParsed would, best
	// effort: it may skip names or stop early, and it reports nothing.
	Prefetch(ctx context.Context, names []string, kind string, parse func([]byte) (any, error))
}

// Prefetch asks fsys, when it is a Prefetcher, to read and parse the
// absolute paths abs ahead under kind (see Prefetcher); on any other file
// system it does nothing. kind and parse must be those of the ReadParsed
// calls that follow.
func Prefetch(ctx context.Context, fsys FS, abs []string, kind string, parse func([]byte) (any, error)) {
	p, ok := fsys.(Prefetcher)
	if !ok || len(abs) == 0 {
		return
	}
	names := make([]string, len(abs))
	for i, a := range abs {
		names[i] = Name(a)
	}
	p.Prefetch(ctx, names, kind, parse)
}

// DirPrefetcher is implemented by file systems that can list a directory
// ahead of a walk, into a cache the walk's own ReadDir is then served
// from: best effort, noting nothing the walk depends on. It returns how
// many entries it listed (0 for a directory it did not list).
type DirPrefetcher interface {
	PrefetchDir(name string) int
}

// dirsPerWorker is how many directories a goroutine must have to list
// ahead for it to pay for itself.
const dirsPerWorker = 8

// MinDirsAhead is the fewest directories PrefetchDirs lists ahead (on two
// goroutines): a walk with fewer to enter need not gather them.
const MinDirsAhead = 2 * dirsPerWorker

// PrefetchDirs lists the directories abs ahead, on up to GOMAXPROCS
// goroutines (the caller's among them), when fsys is a DirPrefetcher and
// they are many enough; it returns when they are listed, or once it has
// listed MaxWalkEntries entries (a walk stopped by its WalkGuard leaves
// no more than that in the cache unused). A walk calls it with the
// subdirectories it is about to enter, then lists each itself, in its
// order: that listing is the one it depends on and whose failure it
// reports, so the walk's result is the same either way.
func PrefetchDirs(ctx context.Context, fsys FS, abs []string) {
	p, ok := fsys.(DirPrefetcher)
	workers := Workers(len(abs), dirsPerWorker)
	if !ok || workers < 2 {
		return
	}
	var listed atomic.Int64
	InParallel(ctx, len(abs), workers, func(i int) bool {
		return listed.Add(int64(p.PrefetchDir(Name(abs[i])))) <= MaxWalkEntries
	})
}

// Workers is how many goroutines n items of work get when each must have
// perWorker of them to pay for itself: at most GOMAXPROCS, and below 2
// when the work is better done on the caller's alone.
func Workers(n, perWorker int) int {
	return min(runtime.GOMAXPROCS(0), n/perWorker)
}

// InParallel calls do(i) for the indexes below n on workers goroutines,
// the caller's among them, each index once, until ctx is done or a call
// returns false, which stops them all; it returns when every goroutine
// has, reporting whether no call returned false.
func InParallel(ctx context.Context, n, workers int, do func(i int) bool) bool {
	var next atomic.Int64
	var stopped atomic.Bool
	work := func() {
		for ctx.Err() == nil && !stopped.Load() {
			i := int(next.Add(1)) - 1
			if i >= n {
				return
			}
			if !do(i) {
				stopped.Store(true)
			}
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
	return !stopped.Load()
}

// BackgroundPrefetcher is implemented by file systems that read files
// ahead as Prefetcher does, on the calling goroutine, counting what they
// read ahead into ahead, which a caller's calls share against the run's
// budget; false once it is reached.
type BackgroundPrefetcher interface {
	PrefetchHere(ctx context.Context, names []string, kind string, parse func([]byte) (any, error), ahead *atomic.Int64) bool
}

// backgroundBatch is how many files a walk finds before they are handed
// to the reading goroutine (one wake-up for that many).
const backgroundBatch = 8

// Background reads files ahead on one other goroutine while a walk is
// still finding them, into the parse cache ReadParsed answers from, as
// Prefetch does: the kind's own reads, in its order, are still what
// charge the budget and report failures. The walk adds each file it
// finds; Wait returns once every file added has been read (or the budget
// was reached), so a kind need not read them ahead again. A nil
// *Background does nothing; one is used by one goroutine.
type Background struct {
	p     BackgroundPrefetcher
	ctx   context.Context
	kind  string
	parse func([]byte) (any, error)
	batch []string
	ch    chan []string // nil until the first batch starts the reader
	done  chan struct{}
	ahead atomic.Int64
}

// ReadInBackground returns a Background over fsys reading under kind
// with parse (those of the ReadParsed calls that follow), or nil where it
// cannot help: fsys reads nothing ahead, or there is no other CPU.
func ReadInBackground(ctx context.Context, fsys FS, kind string, parse func([]byte) (any, error)) *Background {
	p, ok := fsys.(BackgroundPrefetcher)
	if !ok || runtime.GOMAXPROCS(0) < 2 {
		return nil
	}
	return &Background{p: p, ctx: ctx, kind: kind, parse: parse}
}

// Add queues the file at the absolute path abs.
func (b *Background) Add(abs string) {
	if b == nil {
		return
	}
	b.batch = append(b.batch, Name(abs))
	if len(b.batch) < backgroundBatch {
		return
	}
	if b.ch == nil {
		b.ch, b.done = make(chan []string, 64), make(chan struct{})
		go b.run()
	}
	b.ch <- b.batch // a reader far behind holds the walk back, never drops files
	b.batch = nil
}

// Wait reads what is left of the last batch on the calling goroutine,
// helps the reader with the batches still queued, and returns once every
// file added has been read (or the budget was reached).
func (b *Background) Wait() {
	if b == nil {
		return
	}
	if len(b.batch) > 0 && b.ctx.Err() == nil {
		b.p.PrefetchHere(b.ctx, b.batch, b.kind, b.parse, &b.ahead)
		b.batch = nil
	}
	if b.ch != nil {
		close(b.ch)
		b.read()
		<-b.done
		b.ch = nil
	}
}

func (b *Background) run() {
	defer close(b.done)
	b.read()
}

// read reads the queued batches until the queue is closed and empty; past
// the budget it drains the queue reading nothing more.
func (b *Background) read() {
	for names := range b.ch {
		if b.ctx.Err() != nil || !b.p.PrefetchHere(b.ctx, names, b.kind, b.parse, &b.ahead) {
			for range b.ch {
			}
			return
		}
	}
}
