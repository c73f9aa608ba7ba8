package sources

import (
	"errors"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadAllSized: the size hint only sizes the buffer; what is read is
// always the whole content, up to the limit.
func TestReadAllSized(t *testing.T) {
	for _, c := range []struct {
		name      string
		content   string
		hint, max int64
		tooLarge  bool
	}{
		{"exact hint", "hello", 5, 100, false},
		{"empty", "", 0, 100, false},
		{"the file grew past its hint", strings.Repeat("x", 5000), 10, 10000, false},
		{"a hint past the content", "abc", 4096, 100, false},
		{"a negative hint", "abc", -1, 100, false},
		{"exactly at the limit", "12345", 5, 5, false},
		{"one byte over the limit", "123456", 5, 5, true},
		{"over the limit with a large hint", strings.Repeat("y", 70), 1 << 20, 64, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := ReadAllSized(iotest.OneByteReader(strings.NewReader(c.content)), "/f", c.hint, c.max)
			var tl *TooLargeError
			if c.tooLarge {
				if !errors.As(err, &tl) || tl.Limit != c.max {
					t.Fatalf("err %v, want a TooLargeError at %d", err, c.max)
				}
				return
			}
			if err != nil || string(b) != c.content {
				t.Fatalf("got %q, %v; want %q", b, err, c.content)
			}
		})
	}
}
