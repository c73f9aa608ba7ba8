package expand

import (
	"context"
	"testing"

	"github.com/promptc/promptc/sources"
)

// A template's ArgQuotes picks how its arguments split.
func TestTemplateArgQuotes(t *testing.T) {
	for _, tc := range []struct{ quotes, want string }{
		{"", "[dont stop] []"},
		{sources.ArgQuotesAnywhere, "[dont stop] []"},
		{sources.ArgQuotesWordStart, "[don't] [stop]"},
	} {
		tpls := []Template{{Name: "t", Content: "[$1] [$2]", ArgQuotes: tc.quotes}}
		got, _, err := Expand(context.Background(), nil, "/t don't stop", nil, tpls)
		if err != nil || got != tc.want {
			t.Errorf("ArgQuotes %q: got %q (%v), want %q", tc.quotes, got, err, tc.want)
		}
	}
}
