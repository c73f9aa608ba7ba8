package pyyaml

import "testing"

// The fuzz targets only require that nothing panics and that whatever
// loads can be printed.

func FuzzSafeLoad(f *testing.F) {
	for _, s := range []string{"name: x\ndescription: |\n  a\n  \tb\n", "a: [b:, \"c\\/\"]\n", "&a {<<: *a}", "a: 1\n---\n", "x: !!binary aGk=", "- |\n  \tx\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := SafeLoad(s); err == nil {
			_ = Str(v)
		}
	})
}

func FuzzLoadJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2.5, "x\u00e9"]}`, "[NaN]", `"\ud800"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := LoadJSON(s); err == nil {
			_ = Repr(v)
		}
	})
}

func FuzzLineParse(f *testing.F) {
	f.Add("name: x\nmetadata: {\"a\": 1}\nn: ²")
	f.Fuzz(func(t *testing.T, s string) {
		if d, err := LineParse(s); err == nil {
			_ = Repr(d)
		}
	})
}
