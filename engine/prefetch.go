package engine

import (
	"context"
	"sync/atomic"

	"github.com/promptc/promptc/sources"
)

var (
	_ sources.Prefetcher           = runFS{}
	_ sources.DirPrefetcher        = runFS{}
	_ sources.BackgroundPrefetcher = runFS{}
)

// PrefetchDir lists name ahead into the cache below, when it can
// (sources.DirPrefetcher). Listings are neither confined (a confined
// source is refused files, not listings) nor charged to the budget.
func (c runFS) PrefetchDir(name string) int {
	if p, ok := c.FS.(sources.DirPrefetcher); ok {
		return p.PrefetchDir(name)
	}
	return 0
}

// prefetchPerWorker is how many files a goroutine must have to read ahead
// for it to pay for itself.
const prefetchPerWorker = 8

// Prefetch reads and parses names ahead, on up to GOMAXPROCS goroutines
// (the caller's among them), into the parse cache of the file system below
// (a Builder's or one run's), which notes what they depend on as a read
// would. It leaves out the names a confined source may not read, and stops
// once what it read ahead and what the run has read reach the run's budget;
// the kind's own reads, in its order, are what charge the budget and report
// failures, so the results are those of reading in order.
func (c runFS) Prefetch(ctx context.Context, names []string, kind string, parse func([]byte) (any, error)) {
	workers := sources.Workers(len(names), prefetchPerWorker)
	if workers < 2 {
		return
	}
	var ahead atomic.Int64
	c.readAhead(ctx, names, kind, parse, workers, &ahead)
}

// PrefetchHere is Prefetch on the calling goroutine alone, counting what
// it reads into ahead, which a caller's calls share against the budget;
// false once the budget is reached (sources.ReadInBackground).
func (c runFS) PrefetchHere(ctx context.Context, names []string, kind string, parse func([]byte) (any, error), ahead *atomic.Int64) bool {
	return c.readAhead(ctx, names, kind, parse, 1, ahead)
}

func (c runFS) readAhead(ctx context.Context, names []string, kind string, parse func([]byte) (any, error), workers int, ahead *atomic.Int64) bool {
	pr, ok := c.FS.(parsedInfoReader)
	if !ok {
		return false
	}
	if c.rs != nil {
		allowed := make([]string, 0, len(names))
		for _, n := range names {
			if _, out := c.rs.outside(c.abs(n)); !out {
				allowed = append(allowed, n)
			}
		}
		names = allowed
	}
	max := c.budget()
	return sources.InParallel(ctx, len(names), workers, func(i int) bool {
		_, fi, _ := pr.ReadParsedInfo(names[i], kind, parse)
		return fi == nil || ahead.Add(fi.Size())+c.read.Load() < max // past the budget all stop
	})
}
