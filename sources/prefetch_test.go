package sources

import (
	"context"
	"os"
	"sync/atomic"
	"testing"
)

// TestReadInBackgroundNeedsAReader: a file system that cannot read ahead
// gives no Background, and a nil one does nothing.
func TestReadInBackgroundNeedsAReader(t *testing.T) {
	b := ReadInBackground(context.Background(), os.DirFS("/").(FS), "k", func([]byte) (any, error) { return nil, nil })
	if b != nil {
		t.Fatalf("a Background over os.DirFS: %+v", b)
	}
	b.Add("/x")
	b.Wait()
}

// TestInParallel: every index is done once; a false stops the others
// and is reported; a done context stops them too.
func TestInParallel(t *testing.T) {
	var seen [1000]atomic.Int32
	if !InParallel(context.Background(), len(seen), 4, func(i int) bool { seen[i].Add(1); return true }) {
		t.Error("all true, reported false")
	}
	for i := range seen {
		if n := seen[i].Load(); n != 1 {
			t.Fatalf("index %d done %d times", i, n)
		}
	}
	var done atomic.Int32
	if InParallel(context.Background(), 100000, 4, func(i int) bool { done.Add(1); return i != 10 }) {
		t.Error("a false was not reported")
	}
	if n := done.Load(); n > 1000 {
		t.Errorf("%d calls after a false", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n := 0; !InParallel(ctx, 10, 2, func(int) bool { n++; return true }) || n != 0 {
		t.Errorf("a done context: %d calls", n)
	}
}

// bigDirs is a DirPrefetcher whose every directory holds 100,000 entries.
type bigDirs struct {
	FS
	listed atomic.Int32
}

func (b *bigDirs) PrefetchDir(string) int { b.listed.Add(1); return 100_000 }

// TestPrefetchDirsStopsAtTheWalkLimit: listing ahead stops once it has
// listed MaxWalkEntries entries, whatever a walk would then do.
func TestPrefetchDirsStopsAtTheWalkLimit(t *testing.T) {
	fsys := &bigDirs{FS: os.DirFS("/").(FS)}
	dirs := make([]string, 100)
	for i := range dirs {
		dirs[i] = "/d" + string(rune('a'+i%26))
	}
	PrefetchDirs(context.Background(), fsys, dirs)
	// Two directories fill the limit; each goroutine may finish one more.
	if n := fsys.listed.Load(); n > 4 {
		t.Errorf("listed %d directories of 100,000 entries ahead", n)
	}
}
