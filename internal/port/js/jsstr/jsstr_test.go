package jsstr

import (
	"testing"
	"unicode/utf16"
)

func TestDecodeUTF8(t *testing.T) {
	for in, want := range map[string]string{
		"ok ü":             "ok ü",
		"\xf0\x9f\x98":     "\uFFFD",
		"\xed\xa0\x80":     "\uFFFD\uFFFD\uFFFD",
		"a\xffb":           "a\uFFFDb",
		"\xe2\x82":         "\uFFFD",
		"\xc0\xaf":         "\uFFFD\uFFFD",
		"\xf4\x90\x80\x80": "\uFFFD\uFFFD\uFFFD\uFFFD",
	} {
		if got := DecodeUTF8([]byte(in)); got != want {
			t.Errorf("DecodeUTF8(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTrimAndLen(t *testing.T) {
	if got := Trim("\uFEFF\u00a0 x \u2028"); got != "x" {
		t.Errorf("Trim = %q", got)
	}
	if got := Trim("\u0085x"); got != "\u0085x" {
		t.Errorf("U+0085 is not JS white space: %q", got)
	}
	if Len("a😀") != 3 || Slice("a😀b", 2) != "a\uFFFD" || Slice("a😀b", 3) != "a😀" {
		t.Errorf("Len/Slice: %d %q %q", Len("a😀"), Slice("a😀b", 2), Slice("a😀b", 3))
	}
	if got := CollapseSpace("a \t\n b"); got != "a b" {
		t.Errorf("CollapseSpace = %q", got)
	}
	if got := NormalizeNewlines("a\r\nb\rc"); got != "a\nb\nc" {
		t.Errorf("NormalizeNewlines = %q", got)
	}
}

func TestValue(t *testing.T) {
	tests := []struct {
		v      any
		str    string
		truthy bool
	}{
		{nil, "null", false},
		{"", "", false},
		{"x", "x", true},
		{int64(0), "0", false},
		{42.5, "42.5", true},
		{1e21, "1e+21", true},
		{1.5e-7, "1.5e-7", true},
		{[]any{"a", nil, int64(2)}, "a,,2", true},
		{map[string]any{}, "[object Object]", true},
		{false, "false", false},
	}
	for _, tt := range tests {
		if got := String(tt.v); got != tt.str {
			t.Errorf("String(%#v) = %q, want %q", tt.v, got, tt.str)
		}
		if got := Truthy(tt.v); got != tt.truthy {
			t.Errorf("Truthy(%#v) = %v", tt.v, got)
		}
	}
}

// FuzzLen: Len is the UTF-16 length of the string as Go decodes it
// (each invalid byte one U+FFFD), on the ASCII fast path and off it.
func FuzzLen(f *testing.F) {
	for _, s := range []string{"", "abc", "caf\u00e9", "a\U0001F600b", "ab\xffc", "\xf0\x9f\x98", "x\u2014y\U0001F600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Len(s), len(utf16.Encode([]rune(s))); got != want {
			t.Fatalf("Len(%q) = %d, want %d", s, got, want)
		}
	})
}
