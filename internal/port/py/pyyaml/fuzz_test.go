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

// FuzzSimpleLoad: wherever the fast path takes a document, the full
// load gives the same value.
func FuzzSimpleLoad(f *testing.F) {
	for _, s := range []string{
		"name: x\ndescription: a b, c (d)\n", "a: yes\n", "on: x\n", "a: 'q'\nb: \"r \\\" s\"\n", "a: caf\u00e9 \u2014 x\n",
		"metadata:\n  cowagent:\n    requires: x\n  emoji: \"\U0001F600\"\n", "a: b\na: c\n", "a: 1_000\n", "a: null\n", "a: 2001-12-14\n",
		"disable-model-invocation: true\nb: Off\nc: ~\nd: NULL\ne: nULL\n", "yes: x\n", "a: y\n",
		"metadata: {\"cowagent\": {\"requires\": {\"anyEnv\": [\"A_KEY\", \"B_KEY\"]}, \"always\": true}}\n",
		"m: {a: b,c: 'd', e: [x, y-z, null, yes, On]}\n", "m: {}\nn: []\n", "m: {yes: x}\n", "m: [a, [b, {c: d}]]\n",
		"d: >\n  a b\n  c\nk: v\n", "d: |-\n  a\n  b: c # d\n\n\nk: v", "m:\n  d: >-\n    x\n    y\n", "d: |\n  a\n  b", "d: >\n   a\n   'b' \"c\"\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, ok := simpleLoad(s)
		if !ok {
			return
		}
		full, err := fullLoad(s)
		if err != nil {
			t.Fatalf("%q: the fast path took a document the full load rejects: %v", s, err)
		}
		if Repr(fast) != Repr(full) {
			t.Fatalf("%q: fast %s, full %s", s, Repr(fast), Repr(full))
		}
	})
}
