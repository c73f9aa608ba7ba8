package geminimemory

import (
	"reflect"
	"testing"
)

func TestCodeRegions(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want [][2]int
	}{
		{"a `b` c", [][2]int{{2, 5}}},
		{"```\nx\n``` y", [][2]int{{0, 9}}},
		// /(`+)[\s\S]*?\1/g backtracks: no closing ``` or ``, so ` closes
		// at index 1; the next match starts at 2 and closes at 13.
		{"``` unclosed `x`", [][2]int{{0, 2}, {2, 14}}},
	} {
		got := codeRegions(tc.in)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("codeRegions(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestTokens(t *testing.T) {
	var got []string
	for _, tk := range tokens("@a.md see @./b.md a@c.md (@d.md) @1.md @_u.md @~/h.md @/abs.md @e.md, `@code.md`\n@f.md") {
		got = append(got, tk.path)
	}
	want := []string{"a.md", "./b.md", "/abs.md", "e.md,", "f.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tokens = %q, want %q", got, want)
	}
}
