package pyyaml

import "testing"

// TestSafeLoad pins SafeLoad against PyYAML 6.0.3 (CPython 3.11): want is
// repr(yaml.safe_load(in)), or ERR when PyYAML raises.
func TestSafeLoad(t *testing.T) {
	tests := []struct{ in, want string }{
		{"description: no", "{'description': False}"},
		{"x: yes", "{'x': True}"},
		{"x: On", "{'x': True}"},
		{"x: OFF", "{'x': False}"},
		{"x: True", "{'x': True}"},
		{"x: tRUE", "{'x': 'tRUE'}"},
		{"x: 1.0e+3", "{'x': 1000.0}"},
		{"x: 1e3", "{'x': '1e3'}"},
		{"x: 1.0e3", "{'x': '1.0e3'}"},
		{"x: 3.50", "{'x': 3.5}"},
		{"x: 0x1F", "{'x': 31}"},
		{"x: 012", "{'x': 10}"},
		{"x: 09", "{'x': '09'}"},
		{"x: 0b101", "{'x': 5}"},
		{"x: 1:30", "{'x': 90}"},
		{"x: -1:30:00", "{'x': -5400}"},
		{"x: 1_000", "{'x': 1000}"},
		{"x: 190:20:30.15", "{'x': 685230.15}"},
		{"x: .inf", "{'x': inf}"},
		{"x: -.Inf", "{'x': -inf}"},
		{"x: .NaN", "{'x': nan}"},
		{"x: ~", "{'x': None}"},
		{"x: null", "{'x': None}"},
		{"x:", "{'x': None}"},
		{"x: 2024-01-15", "{'x': datetime.date(2024, 1, 15)}"},
		{"x: 2001-12-14t21:59:43.10-05:00", "{'x': datetime.datetime(2001, 12, 14, 21, 59, 43, 100000, tzinfo=datetime.timezone(datetime.timedelta(days=-1, seconds=68400)))}"},
		{"x: 2001-12-14 21:59:43.10 Z", "{'x': datetime.datetime(2001, 12, 14, 21, 59, 43, 100000, tzinfo=datetime.timezone.utc)}"},
		{"x: 2024-01-15 10:00:00 +05:30", "{'x': datetime.datetime(2024, 1, 15, 10, 0, tzinfo=datetime.timezone(datetime.timedelta(seconds=19800)))}"},
		{"x: 2024-02-30", "ERR"},
		{"x: 123456789012345678901234567890", "{'x': 123456789012345678901234567890}"},
		{"x: 1e16", "{'x': '1e16'}"},
		{"x: 1.0e+16", "{'x': 1e+16}"},
		{"x: 0.00001", "{'x': 1e-05}"},
		{"x: 1.0", "{'x': 1.0}"},
		{"x: -0.0", "{'x': -0.0}"},
		{"x: 0.1", "{'x': 0.1}"},
		{"x: [a, 'b', 1, 2.5, true, null]", "{'x': ['a', 'b', 1, 2.5, True, None]}"},
		{"x: {k: 1, 'j': [1]}", "{'x': {'k': 1, 'j': [1]}}"},
		{"name: [a, b]", "{'name': ['a', 'b']}"},
		{"x: \"quoted 1\"", "{'x': 'quoted 1'}"},
		{"x: 'yes'", "{'x': 'yes'}"},
		{"x: !!str 1", "{'x': '1'}"},
		{"x: !!int \"12\"", "{'x': 12}"},
		{"x: !!float 1", "{'x': 1.0}"},
		{"x: !!bool yes", "{'x': True}"},
		{"x: !!bool maybe", "ERR"},
		{"x: !!binary aGVsbG8=", "{'x': b'hello'}"},
		{"x: !!binary aGk", "ERR"},
		{"x: !foo bar", "ERR"},
		{"x: <<", "ERR"},
		{"x: =", "ERR"},
		{"=: 1", "{'=': 1}"},
		{"a: &x {k: 1}\nb:\n  <<: *x\n  j: 2", "{'a': {'k': 1}, 'b': {'k': 1, 'j': 2}}"},
		{"a: &x {k: 1}\nb:\n  <<: [*x, {k: 3, m: 4}]\n  k: 0", "{'a': {'k': 1}, 'b': {'k': 0, 'm': 4}}"},
		{"x: !!omap [a: 1, b: 2]", "{'x': [('a', 1), ('b', 2)]}"},
		{"x: !!pairs [a: 1, a: 2]", "{'x': [('a', 1), ('a', 2)]}"},
		{"{1: a, 1.0: b, true: c}", "{1: 'c'}"},
		{"? [a]\n: 1", "ERR"},
		{"a: 1\na: 2", "{'a': 2}"},
		{"a: &x 1\nb: &x 2", "ERR"},
		{"a: 1\n---\nb: 2", "ERR"},
		{"", "None"},
		{"# only", "None"},
		{"- a\n- b", "['a', 'b']"},
		{"just text", "'just text'"},
		{"a:\tb", "ERR"},
		{"a: b\t# c", "ERR"},
		{"a: 'tab\there'", "{'a': 'tab\\there'}"},
		{"a: |\n  line\n  \tx\n", "{'a': 'line\\n\\tx\\n'}"},
		{"a: >\n  \tfolded\n  text\n", "{'a': '\\tfolded\\ntext\\n'}"},
		{"a: \"x\\'y\"", "ERR"},
		{"a: \"x\\/y\"", "{'a': 'x/y'}"},
		{"a: \u0001", "ERR"},
		{"a: [b:, c]", "{'a': [{'b': None}, 'c']}"},
		{"&a [*a]", "[[...]]"},
		{"&a {x: *a}", "{'x': {...}}"},
		{"&a {<<: *a}", "{}"},
		{"description: >-\n  Line one\n  line two\n\n  para", "{'description': 'Line one line two\\npara'}"},
		{"a: \"\\u00e9\\t\"", "{'a': '\u00e9\\t'}"},
	}
	for _, tt := range tests {
		v, err := SafeLoad(tt.in)
		got := "ERR"
		if err == nil {
			got = Repr(v)
		}
		if got != tt.want {
			t.Errorf("SafeLoad(%q) = %s (err %v), want %s", tt.in, got, err, tt.want)
		}
	}
}
