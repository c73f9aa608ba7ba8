package geminimemory

import "testing"

// FuzzTokens: code regions and import tokens never panic and stay inside
// the text. `go test -fuzz FuzzTokens` fuzzes for real.
func FuzzTokens(f *testing.F) {
	for _, s := range []string{"", "@", "`", "``` `", "a @b `@c` @d", "@\n@./x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range codeRegions(s) {
			if r[0] < 0 || r[1] > len(s) || r[0] >= r[1] {
				t.Fatalf("region %v of %q", r, s)
			}
		}
		for _, tk := range tokens(s) {
			if s[tk.start] != '@' || s[tk.start+1:tk.end] != tk.path {
				t.Fatalf("token %+v of %q", tk, s)
			}
		}
	})
}
