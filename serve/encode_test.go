package serve

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// badJSON fails or panics when encoded, as a reply changed by another
// request while it is encoded may.
type badJSON struct{ panics bool }

func (b badJSON) MarshalJSON() ([]byte, error) {
	if b.panics {
		panic("slice bounds out of range")
	}
	return nil, errors.New("unsupported value")
}

// TestDoEncodingFails: a reply that cannot be encoded, or whose encoding
// panics, is an internal error reply; the server does not crash (over
// --stdio a panic there ended the process).
func TestDoEncodingFails(t *testing.T) {
	for _, panics := range []bool{false, true} {
		s := New(func(context.Context, Request) (any, *Error) { return badJSON{panics}, nil }, Limits{MaxConcurrent: 1})
		var out strings.Builder
		if err := s.ServeStdio(context.Background(), strings.NewReader("{}\n{}\n"), &out); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 2 || code(t, []byte(lines[0])) != CodeInternal || code(t, []byte(lines[1])) != CodeInternal {
			t.Errorf("panics=%v: %q, want two internal error replies", panics, out.String())
		}
	}
}
