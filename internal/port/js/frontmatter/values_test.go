package frontmatter

import (
	"reflect"
	"testing"
)

// TestYAMLValues pins the typing of values as the npm yaml package (2.9.1)
// produced them for the same blocks.
func TestYAMLValues(t *testing.T) {
	tests := []struct {
		src  string
		want map[string]any
	}{
		{"a: !!float 1\nb: !!int 1.5\nc: !!bool yes\nd: !!null x\ne: !!int \"7\"\nf: !!bool True\ng: !!null ~",
			map[string]any{"a": "1", "b": "1.5", "c": "yes", "d": "x", "e": int64(7), "f": true, "g": nil}},
		{"a: ! 12\nb: !\nc: !custom 5", map[string]any{"a": "12", "b": "", "c": "5"}},
		{"a: 9007199254740991\nb: 9007199254740993\nc: 99999999999999999999\nd: -9007199254740993",
			map[string]any{"a": int64(9007199254740991), "b": 9007199254740992.0, "c": 1e20, "d": -9007199254740992.0}},
		{"a: 1_000\nb: 0b1\nc: 012\nd: +12\ne: 0o8\nf: 0xG\ng: 0XFF", map[string]any{"a": "1_000", "b": "0b1", "c": int64(12), "d": int64(12), "e": "0o8", "f": "0xG", "g": "0XFF"}},
		{"a: 1.\nb: .5\nc: 1e5\nd: 1E-3\ne: +.5\nf: 12e", map[string]any{"a": 1.0, "b": 0.5, "c": 1e5, "d": 1e-3, "e": 0.5, "f": "12e"}},
		{"a: ~\nb: Null\nc: NULL\nd: nUll\ne: TRUE\nf: tRue", map[string]any{"a": nil, "b": nil, "c": nil, "d": "nUll", "e": true, "f": "tRue"}},
		{"%YAML 1.2\n---\na: 1", map[string]any{"a": int64(1)}},
		{`a: "\uD83D\uDE00"`, map[string]any{"a": "😀"}},
		{"a: \"ok\\ttab\\x41\\u0041\\U00000041\\N\\_\\L\\P\\ \\/\\0\\a\\b\\e\\f\\n\\r\\v\"",
			map[string]any{"a": "ok\ttabAAA\u0085\u00a0\u2028\u2029 /\x00\a\b\x1b\f\n\r\v"}},
		{"a: |+\n  x", map[string]any{"a": "x\n"}},
		{"a: |+\n  x\n\n", map[string]any{"a": "x\n\n"}},
		{"a: |-\n  x\n\n", map[string]any{"a": "x"}},
		{"a: >\n\n  x\n\n  y\n", map[string]any{"a": "\nx\ny\n"}},
		{"a: b # comment\nc: d#e\nf: x:y\ng: http://x\nh: x :y", map[string]any{"a": "b", "c": "d#e", "f": "x:y", "g": "http://x", "h": "x :y"}},
		{"a: multi\n  line\n  plain", map[string]any{"a": "multi line plain"}},
		{"a: 'it''s'", map[string]any{"a": "it's"}},
		{"a: 1\n...", map[string]any{"a": int64(1)}},
		{"ключ: значение", map[string]any{"ключ": "значение"}},
	}
	for _, tt := range tests {
		got, err := parseYAML(tt.src)
		if err != nil {
			t.Errorf("parseYAML(%q): %v", tt.src, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseYAML(%q)\n got %#v\nwant %#v", tt.src, got, tt.want)
		}
	}
}

// TestControlCharacters pins X-18: npm yaml (2.9.0) keeps C0 and C1
// controls, DEL, U+FFFE/U+FFFF and the Unicode line separators verbatim in
// scalars of every style, where yaml.v3 alone refuses or breaks the line.
func TestControlCharacters(t *testing.T) {
	tests := []struct {
		src  string
		want map[string]any
	}{
		{"a: plain \x0b vt", map[string]any{"a": "plain \x0b vt"}},
		{"a: \"dq \x0b vt\"", map[string]any{"a": "dq \x0b vt"}},
		{"a: 'sq \x01 soh'", map[string]any{"a": "sq \x01 soh"}},
		{"a: |-\n  block \x00 nul", map[string]any{"a": "block \x00 nul"}},
		{"a: >-\n  folded \a bel\n  next", map[string]any{"a": "folded \a bel next"}},
		{"a: plain \x7f del \u0085 nel", map[string]any{"a": "plain \x7f del \u0085 nel"}},
		{"a: x\u2028y\u2029z", map[string]any{"a": "x\u2028y\u2029z"}},
		{"a: \ufffe\uffff", map[string]any{"a": "\ufffe\uffff"}},
		{"k\x1b: [a\x1f, b]", map[string]any{"k\x1b": []any{"a\x1f", "b"}}},
		{"a: \x01\nb: \U000F0000", map[string]any{"a": "\x01", "b": "\U000F0000"}}, // the placeholder block moves
		{"# c\x02\na: v # c\x03", map[string]any{"a": "v"}},
	}
	for _, tt := range tests {
		got, err := parseYAML(tt.src)
		if err != nil {
			t.Errorf("parseYAML(%q): %v", tt.src, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseYAML(%q)\n got %#v\nwant %#v", tt.src, got, tt.want)
		}
	}
}
