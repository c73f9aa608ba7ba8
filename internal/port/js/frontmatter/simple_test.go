package frontmatter

import (
	"reflect"
	"testing"
)

// TestSimpleMapping: the documents the fast path takes, and the ones it
// leaves to the YAML parser; where it takes one, the result is the full
// parse's.
func TestSimpleMapping(t *testing.T) {
	for _, c := range []struct {
		src  string
		fast bool
	}{
		{"name: pdf\ndescription: Extract text from PDF files, fill forms (when asked).\n", true},
		{"\nname: a\n\ndescription: b\n", true},
		{"name: don't panic\n", true},
		{"description: a  b   c\n", true},
		{"name: yes\nother: off\n", true}, // YAML 1.2: strings
		{"name: true\n", true},
		{"name: Null\n", true},
		{"true: x\n", false},
		{"name: 123\n", false},
		{"name: -x\n", false},
		{"name: x\n  continued\n", false},
		{"name: a: b\n", false},
		{"name: a #comment\n", false},
		{"name: a \n", false},
		{"name:\n", false},
		{"name:x\n", false},
		{"name: a\nname: b\n", false},
		{"# comment\nname: a\n", false},
		{"name: 'quoted'\n", true},
		{"name: 'it''s'\n", false},
		{"name: 'a\\b \"c\"'\n", true},
		{"name: caf\u00e9 \u2014 na\u00efve\n", true},
		{"description: \"Use it \u2014 see \u201cdocs\u201d \U0001F600\"\n", true},
		{"name: a\u0085b\n", false},
		{"name: a\u2028b\n", false},
		{"description: \"a\u00a0\ufeffb\"\n", false},
		{"name: a\nmetadata:\n  version: \"1.6\"\n  owner: monitor\nlicense: MIT\n", true},
		{"metadata:\n  a:\n    b: c\n  d: e\n", true},
		{"metadata:\n    a: b\n  c: d\n", false},
		{"metadata:\n  - a\n", false},
		{"metadata:\n\n  a: b\n", false},
		{"metadata:\nname: a\n", false},
		{"metadata:\n  a: b\n  a: c\n", false},
		{"metadata:\n  a: b\nmetadata:\n  c: d\n", false},
		{"metadata:\n  a: b\n\tc: d\n", false},
		{"name: a\tb\n", false},
		{"name: [a]\n", true},
		{"metadata: {\"cowagent\": {\"requires\": {\"anyEnv\": [\"A_KEY\", \"B_KEY\"]}, \"always\": true}}\n", true},
		{"m: {a: b,c: 'd', e: [x, y-z, null]}\n", true},
		{"m: {}\nn: []\n", true},
		{"m: {a: 1}\n", false},
		{"m: [a,]\n", false},
		{"m: [a, , b]\n", false},
		{"m: {a: b c}\n", false},
		{"m: {a:b}\n", false},
		{"m: {\"a\": \"x\\\"y\"}\n", false},
		{"m: ['it''s']\n", false},
		{"m: {a: b} # c\n", false},
		{"m: {a: b, a: c}\n", false},
		{"m: [[[[[a]]]]]\n", false},
		{"m: {true: x}\n", false},
		{"m: [a\n", false},
		{"disable-model-invocation: true\n", true},
		{"a: FALSE\nb: tRUE\n", true},
		{"null: x\n", false},
		{"description: \"Quoted, with `code` and: a colon # not a comment\"\n", true},
		{"description: \"true\"\n", true},
		{"description: \"\"\n", true},
		{"description: \"esc \\n\"\n", false},
		{"description: \"say \\\"hi\\\" \\\\ ok\"\n", true},
		{"description: \"end \\\"\n", false},
		{"description: \"a\" b\n", false},
		{"description: Use `bundle.md` <here> & *there* [x] {y} | ~z ^ $ \\ @ !\n", true},
	} {
		got, ok := simpleMapping(c.src)
		if ok != c.fast {
			t.Errorf("%q: fast path %v, want %v", c.src, ok, c.fast)
			continue
		}
		if !ok {
			continue
		}
		want, err := parseFull(c.src)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: fast %#v, full %#v (%v)", c.src, got, want, err)
		}
	}
}

// FuzzSimpleMapping: wherever the fast path takes a document, the full
// YAML parse gives the same mapping and no error.
func FuzzSimpleMapping(f *testing.F) {
	for _, s := range []string{
		"name: a\ndescription: b c\n", "k: v", "a: yes\nb: No\n", "a: x-y_z (1, 2); ok?\n",
		"name: a\n\n\nx: y.z/w\n", "_k: v\n", "a-b: c=d%e\n", "a: b'c\n",
		"description: \"q: x # y\"\n", "d: a`b\"c!d*e&f@g<h>i|j~k$l^m[n]o{p}q\\r\n", "d: \"\"\n",
		"d: 'x'\n", "d: \"a \\\"b\\\" \\\\\"\n", "d: caf\u00e9\n", "d: \"\u2014 \u00e9\"\n", "m:\n  a: b\n  c: \"d\"\n", "m:\n  n:\n    a: b\nz: y\n", "m: {\"a\": [b, \"c\"], d: {}}\n", "m: [x, [y], {z: true}]\n",
		"d: >\n  a b\n  c\nk: v\n", "d: |-\n  a\n  b: c # d\n\n\nk: v", "m:\n  d: >-\n    x\n    y\n", "d: |\n  a\n  b", "d: >\n   a\n   'b' \"c\"\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got, ok := simpleMapping(src)
		if !ok {
			return
		}
		want, err := parseFull(src)
		if err != nil {
			t.Fatalf("%q: the fast path took a document the full parse rejects: %v", src, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: fast %#v, full %#v", src, got, want)
		}
	})
}
