package simpleyaml

import (
	"reflect"
	"strings"
	"testing"
)

// strOnly reads every plain scalar as itself.
func strOnly(s string) (any, bool) { return s, true }

// TestParse: the documents the fast path takes, with their entries, and
// the ones it leaves to the full parser.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []Entry // nil: not simple
	}{
		{"name: a\ndescription: b c\n", []Entry{{Key: "name", Value: "a"}, {Key: "description", Value: "b c"}}},
		{"\n\nk: v", []Entry{{Key: "k", Value: "v"}}},
		{"k: \"a \\\"q\\\" \\\\ b\"\n", []Entry{{Key: "k", Value: `a "q" \ b`}}},
		{"k: 'it is'\n", []Entry{{Key: "k", Value: "it is"}}},
		{"k: caf\u00e9 \u2014 ok\n", []Entry{{Key: "k", Value: "caf\u00e9 \u2014 ok"}}},
		{"m:\n  a: b\n  n:\n    c: d\nz: y\n", []Entry{{Key: "m", Map: []Entry{{Key: "a", Value: "b"}, {Key: "n", Map: []Entry{{Key: "c", Value: "d"}}}}}, {Key: "z", Value: "y"}}},
		{"", nil},
		{"k: v\nk: w\n", nil},
		{"k: a: b\n", nil},
		{"k: a #c\n", nil},
		{"k: a \n", nil},
		{"k:v\n", nil},
		{"-k: v\n", nil},
		{"k: 1\n", nil},
		{"k: 'a''b'\n", nil},
		{"m: {a: b, \"c\": [d, 'e'], f: {}}\n", []Entry{{Key: "m", Map: []Entry{{Key: "a", Value: "b"}, {Key: "c", Seq: []Entry{{Value: "d"}, {Value: "e"}}}, {Key: "f", Map: []Entry{}}}}}},
		{"m: [a,]\n", nil},
		{"m: {a: b}x\n", nil},
		{"m: [[[[[a]]]]]\n", nil},
		{"k: \"a\\nb\"\n", nil},
		{"k: a\u0085b\n", nil},
		{"k: a\u2028b\n", nil},
		{"k: a\tb\n", nil},
		{"m:\n", nil},
		{"m:\n  - a\n", nil},
		{"m:\n    a: b\n  c: d\n", nil},
		{"a:\n b:\n  c:\n   d:\n    e: f\n", nil}, // deeper than MaxDepth
		{strings.Repeat("k", MaxKey+1) + ": v\n", nil},
		{"d: >\n  a b\n  c\nk: v\n", []Entry{{Key: "d", Value: "a b c\n"}, {Key: "k", Value: "v"}}},
		{"d: >-\n  a\n  b # c: d\n", []Entry{{Key: "d", Value: "a b # c: d"}}},
		{"d: |\n   a\n   b\n\n\nk: v\n", []Entry{{Key: "d", Value: "a\nb\n"}, {Key: "k", Value: "v"}}},
		{"d: |-\n  caf\u00e9\n", []Entry{{Key: "d", Value: "caf\u00e9"}}},
		{"m:\n  d: >\n    a\n    b\n", []Entry{{Key: "m", Map: []Entry{{Key: "d", Value: "a b\n"}}}}},
		{"d: >\n  a\n  b", nil},     // no final break: the libraries differ
		{"d: >\n  a\n\n  b\n", nil}, // an empty line inside
		{"d: >\n  a\n   b\n", nil},  // a line more indented
		{"d: >\n   a\n  b\n", nil},  // a line less indented
		{"d: >\n  a \n", nil},       // a trailing space
		{"d: >\n  a\tb\n", nil},     // a tab
		{"d: >\n  a\u0085\n", nil},  // a C1 control
		{"d: >+\n  a\n", nil},       // keep
		{"d: >2\n  a\n", nil},       // an indentation indicator
		{"d: > # c\n  a\n", nil},    // a comment after the header
		{"d: >\nk: v\n", nil},       // no content
		{"d: >\n \n  a\n", nil},     // a blank line first
	} {
		got, ok := Parse(c.src, strOnly)
		if c.want == nil {
			if ok && len(got) > 0 {
				t.Errorf("%q: taken as %v, want it left to the parser", c.src, got)
			}
			continue
		}
		if !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %v %v, want %v", c.src, got, ok, c.want)
		}
	}
}

// TestParsePlainDecides: the caller's plain function types plain values,
// refuses documents, and keys must read as themselves.
func TestParsePlainDecides(t *testing.T) {
	typed := func(s string) (any, bool) {
		switch s {
		case "yes":
			return true, true
		case "no":
			return nil, false
		}
		return s, true
	}
	if got, ok := Parse("a: yes\nb: 'yes'\n", typed); !ok || !reflect.DeepEqual(got, []Entry{{Key: "a", Value: true}, {Key: "b", Value: "yes"}}) {
		t.Errorf("typed plain: %v %v", got, ok)
	}
	if _, ok := Parse("a: no\n", typed); ok {
		t.Error("a value plain refused was taken")
	}
	if _, ok := Parse("yes: a\n", typed); ok {
		t.Error("a key that is no string was taken")
	}
}

// FuzzParse: nothing panics, and what is taken re-reads the same from its
// own rendering.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"a: b\n", "m:\n  a: 'b'\n", "k: \"x\\\\\"\n", "a:\n b:\n  c: d\n", "m: {a: [b, {c: d}], e: {}}\n", "s: []\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got, ok := Parse(src, strOnly)
		if !ok {
			return
		}
		again, ok := Parse(render(got, ""), strOnly)
		if !ok || !reflect.DeepEqual(got, again) {
			t.Fatalf("%q: %v re-reads as %v (%v)", src, got, again, ok)
		}
	})
}

// render writes entries back as a simple document (values double-quoted,
// sequences and empty mappings in flow style).
func render(entries []Entry, indent string) string {
	var b strings.Builder
	for _, e := range entries {
		if e.Map != nil && len(e.Map) > 0 {
			b.WriteString(indent + e.Key + ":\n" + render(e.Map, indent+"  "))
			continue
		}
		b.WriteString(indent + e.Key + ": " + flow(e) + "\n")
	}
	return b.String()
}

// flow writes an entry's value in flow style.
func flow(e Entry) string {
	switch {
	case e.Map != nil:
		parts := make([]string, len(e.Map))
		for i, m := range e.Map {
			parts[i] = `"` + m.Key + `": ` + flow(m)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case e.Seq != nil:
		parts := make([]string, len(e.Seq))
		for i, it := range e.Seq {
			parts[i] = flow(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(e.Value.(string)) + `"`
}
