package pyyaml

import (
	"errors"
	"testing"
)

// TestLoadJSON pins LoadJSON against CPython 3.11's json.loads: want is
// the repr of the result, or ERR and the JSONDecodeError's text.
func TestLoadJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\"a\": 1, \"b\": [true, null, 1.5, -0.0, 1e400]}", "{'a': 1, 'b': [True, None, 1.5, -0.0, inf]}"},
		{"[NaN, Infinity, -Infinity]", "[nan, inf, -inf]"},
		{"{\"a\": 1, \"a\": 2}", "{'a': 2}"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"\"\\ud83d\\ude00\\u00e9\"", "'😀é'"},
		{"", "ERR Expecting value: line 1 column 1 (char 0)"},
		{" ", "ERR Expecting value: line 1 column 2 (char 1)"},
		{"\ufeff{}", "ERR Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"},
		{"{\"a\" 1}", "ERR Expecting ':' delimiter: line 1 column 6 (char 5)"},
		{"{a: 1}", "ERR Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"},
		{"[1,]", "ERR Expecting value: line 1 column 4 (char 3)"},
		{"[1 2]", "ERR Expecting ',' delimiter: line 1 column 4 (char 3)"},
		{"{\"a\": 1,}", "ERR Expecting property name enclosed in double quotes: line 1 column 9 (char 8)"},
		{"\"abc", "ERR Unterminated string starting at: line 1 column 1 (char 0)"},
		{"\"a\tb\"", "ERR Invalid control character at: line 1 column 3 (char 2)"},
		{"\"\\x\"", "ERR Invalid \\escape: line 1 column 2 (char 1)"},
		{"01", "ERR Extra data: line 1 column 2 (char 1)"},
		{"1.", "ERR Extra data: line 1 column 2 (char 1)"},
		{"-", "ERR Expecting value: line 1 column 1 (char 0)"},
		{"tru", "ERR Expecting value: line 1 column 1 (char 0)"},
		{"{\"a\": 1}x", "ERR Extra data: line 1 column 9 (char 8)"},
		{"[]", "[]"},
		{"{}", "{}"},
		{" [1, {\"k\": \"v\"}] ", "[1, {'k': 'v'}]"},
		{"\"\\/\"", "'/'"},
		{"1E+2", "100.0"},
		{"-0", "0"},
	}
	for _, tt := range tests {
		v, err := LoadJSON(tt.in)
		got := Repr(v)
		if err != nil {
			got = "ERR " + err.Error()
		}
		if got != tt.want {
			t.Errorf("LoadJSON(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestLoadJSONRecursion(t *testing.T) {
	deep := ""
	for i := 0; i < 2000; i++ {
		deep += "["
	}
	var re RecursionError
	if _, err := LoadJSON(deep); !errors.As(err, &re) {
		t.Errorf("LoadJSON(2000 x \"[\") error = %v, want RecursionError", err)
	}
}

// TestLineParse pins LineParse against CowAgent's parse_frontmatter (at
// i18n) with PyYAML made to fail: want is the repr of the dict, or ERR
// when CowAgent's parser raises.
func TestLineParse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"name: x\ndescription: \"quoted\"", "{'name': 'x', 'description': '\"quoted\"'}"},
		{"a: yes\nb: True\nc: FALSE\nd: 12\ne: -1\nf: 1.5", "{'a': 'yes', 'b': True, 'c': False, 'd': 12, 'e': '-1', 'f': '1.5'}"},
		{"metadata:\n  requires:\n    env: [A]", "{'metadata': '', 'requires': '', 'env': '[A]'}"},
		{"x: [1, 2]\ny: {\"k\": 1}\nz: [bad", "{'x': [1, 2], 'y': {'k': 1}, 'z': '[bad'}"},
		{"# c\n\n  k :  v  \nnocolon\nurl: http://x", "{'k': 'v', 'url': 'http://x'}"},
		{"n: \u0663\u0664", "{'n': 34}"},
		{"a: b: c", "{'a': 'b: c'}"},
		{" : empty key", "{'': 'empty key'}"},
		{"n: \u00b2", "ERR"},
	}
	for _, tt := range tests {
		d, err := LineParse(tt.in)
		got := "ERR"
		if err == nil {
			got = Repr(d)
		}
		if got != tt.want {
			t.Errorf("LineParse(%q) = %s (err %v), want %s", tt.in, got, err, tt.want)
		}
	}
}
