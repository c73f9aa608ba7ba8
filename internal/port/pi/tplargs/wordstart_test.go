package tplargs

import (
	"reflect"
	"testing"
)

// The expected splits are those pi 1.6.0 recorded for the tpl-args oracle
// case, and the rules of ParseWordStart one by one.
func TestParseWordStart(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{"one two three", []string{"one", "two", "three"}},
		{"  lead   extra  trail  ", []string{"lead", "extra", "trail"}},
		{`"a b" 'c d' e"f g"h`, []string{"a b", "c d", `e"f`, `g"h`}},
		{`"" x`, []string{"", "x"}},
		{`''`, []string{""}},
		{`"unclosed quote here`, []string{`"unclosed`, "quote", "here"}},
		{`x "`, []string{"x", `"`}},
		{"don't stop", []string{"don't", "stop"}},
		{`a\"b c`, []string{`a\"b`, "c"}},
		{`"say \"hi\""`, []string{`say "hi"`}},
		{`'it\'s' "a\'b"`, []string{"it's", `a\'b`}},
		{`"ab"cd ef`, []string{"abcd", "ef"}},
		{`"ab\"`, []string{`"ab\"`}},
		{"\"line1\nline2\"", []string{"line1\nline2"}},
		{"héllo 世界 😀", []string{"héllo", "世界", "😀"}},
		{"a\xffb c", []string{"a\xffb", "c"}},
	}
	for _, tt := range tests {
		if got := ParseWordStart(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseWordStart(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
