package sources

import (
	"context"
	"testing"
)

// TestReadInBackgroundNeedsAReader: a file system that cannot read ahead
// gives no Background, and a nil one does nothing.
func TestReadInBackgroundNeedsAReader(t *testing.T) {
	b := ReadInBackground(context.Background(), OSFS(), "k", func([]byte) (any, error) { return nil, nil })
	if b != nil {
		t.Fatalf("a Background over OSFS: %+v", b)
	}
	b.Add("/x")
	b.Wait()
}
