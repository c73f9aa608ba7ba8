package sources

import (
	"errors"
	"reflect"
	"testing"
)

type innerOptions struct {
	Depth int `koanf:"depth"`
}

type testOptions struct {
	Name         string   `koanf:"name"`
	Names        []string `koanf:"names,omitempty"`
	Skipped      string   `koanf:"-"`
	innerOptions `koanf:",squash"`
}

// TestOptionIndex: an option is found by its koanf name, in a squashed
// struct too, and Set through its index is Set by name.
func TestOptionIndex(t *testing.T) {
	tests := []struct {
		name  string
		index []int
		value any
		want  testOptions
	}{
		{"name", []int{0}, "x", testOptions{Name: "x"}},
		{"names", []int{1}, []any{"a", "b"}, testOptions{Names: []string{"a", "b"}}},
		{"depth", []int{3, 0}, 2, testOptions{innerOptions: innerOptions{Depth: 2}}},
		{"Skipped", nil, "x", testOptions{}},
		{"missing", nil, "x", testOptions{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			index, ok := OptionIndex(&testOptions{}, tc.name)
			if !reflect.DeepEqual(index, tc.index) || ok != (tc.index != nil) {
				t.Fatalf("OptionIndex = %v, %v; want %v", index, ok, tc.index)
			}
			var byName, byIndex testOptions
			err := Set(&byName, tc.name, tc.value)
			if !ok {
				if !errors.Is(err, ErrUnknownOption) {
					t.Errorf("Set of an unknown option: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := SetIndexed(&byIndex, index, tc.value); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(byName, tc.want) || !reflect.DeepEqual(byIndex, tc.want) {
				t.Errorf("Set gave %+v, SetIndexed %+v; want %+v", byName, byIndex, tc.want)
			}
		})
	}
}

// namedList is a []string the decoder converts (no fast path).
type namedList []string

type listOptions struct {
	Fast    []string  `koanf:"fast"`
	Decoded namedList `koanf:"decoded"`
}

// TestSetStringList: a list of strings is set as the decoder would set it
// (the fast path for []string): empty, some, and a list holding a
// non-string, which is the decoder's to convert or refuse.
func TestSetStringList(t *testing.T) {
	for _, v := range []any{[]any{}, []any{"a", "b"}, []any{"a", 1}, []any{"a", nil}} {
		var o listOptions
		ferr := Set(&o, "fast", v)
		derr := Set(&o, "decoded", v)
		if (ferr == nil) != (derr == nil) || ferr != nil && ferr.Error() != derr.Error() {
			t.Errorf("%#v: errors %v and %v", v, ferr, derr)
			continue
		}
		if (o.Fast == nil) != (o.Decoded == nil) || !reflect.DeepEqual([]string(o.Decoded), o.Fast) {
			t.Errorf("%#v: set %#v, the decoder %#v", v, o.Fast, o.Decoded)
		}
	}
}
