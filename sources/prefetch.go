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
// from: best effort, reporting nothing, noting nothing the walk depends
// on.
type DirPrefetcher interface {
	PrefetchDir(name string)
}

// dirsPerWorker is how many directories a goroutine must have to list
// ahead for it to pay for itself.
const dirsPerWorker = 8

// PrefetchDirs lists the directories abs ahead, on up to GOMAXPROCS
// goroutines (the caller's among them), when fsys is a DirPrefetcher and
// they are many enough; it returns when they are listed. A walk calls it
// with the subdirectories it is about to enter, then lists each itself,
// in its order: that listing is the one it depends on and whose failure
// it reports, so the walk's result is the same either way.
func PrefetchDirs(ctx context.Context, fsys FS, abs []string) {
	p, ok := fsys.(DirPrefetcher)
	workers := min(runtime.GOMAXPROCS(0), len(abs)/dirsPerWorker)
	if !ok || workers < 2 {
		return
	}
	var next atomic.Int64
	work := func() {
		for ctx.Err() == nil {
			i := int(next.Add(1)) - 1
			if i >= len(abs) {
				return
			}
			p.PrefetchDir(Name(abs[i]))
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}
