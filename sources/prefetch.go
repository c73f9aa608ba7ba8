package sources

import "context"

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
