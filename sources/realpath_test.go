package sources

import (
	"maps"
	"os"
	"testing"
)

// TestResolverLearn: what a Resolver learns joins what it knew, the
// learned resolution winning, whichever side is larger; the map it
// learned from stays the caller's.
func TestResolverLearn(t *testing.T) {
	for _, c := range []struct {
		name          string
		knew, learned map[string]string
	}{
		{"into nothing", map[string]string{}, map[string]string{"/a": "/r/a", "/b": "/r/b"}},
		{"more than it knew", map[string]string{"/a": "/old"}, map[string]string{"/a": "/r/a", "/b": "/r/b", "/c": "/r/c"}},
		{"less than it knew", map[string]string{"/a": "/old", "/b": "/r/b", "/c": "/r/c"}, map[string]string{"/a": "/r/a"}},
		{"nothing", map[string]string{"/a": "/r/a"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewPrivateResolver(os.DirFS("/").(FS))
			for k, v := range c.knew {
				r.Know(k, v)
			}
			given := maps.Clone(c.learned)
			r.Learn(c.learned)
			want := maps.Clone(c.knew)
			maps.Copy(want, c.learned)
			if got := r.Learned(); !maps.Equal(got, want) {
				t.Errorf("knows %v, want %v", got, want)
			}
			r.Know("/z", "/r/z") // must not write into the learned map
			if !maps.Equal(c.learned, given) {
				t.Errorf("the learned map changed: %v, was %v", c.learned, given)
			}
		})
	}
}
