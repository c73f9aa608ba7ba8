package explain

import (
	"testing"
)

func TestMentions(t *testing.T) {
	tests := []struct {
		text, word string
		want       bool
	}{
		{"Use the read tool.", "read", true},
		{"read", "read", true},
		{"Reading files", "read", false},
		{"a read-only view", "read", false},
		{"already", "read", false},
		{"Read files", "read", false}, // case matters
		{"unread, then read", "read", true},
		{"use `grep`", "grep", true},
		{"é read é", "read", true},
		{"éreadé", "read", false},
		{"x", "", false},
	}
	for _, tc := range tests {
		if got := mentions(tc.text, tc.word); got != tc.want {
			t.Errorf("mentions(%q, %q) = %v, want %v", tc.text, tc.word, got, tc.want)
		}
	}
}

func TestEstimate(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0}, {"a", 1}, {"abcd", 1}, {"abcde", 2},
		{"😀😀", 1},  // two UTF-16 units each
		{"ééé", 1}, // one unit each, six bytes
	}
	for _, tc := range tests {
		if got := Estimate(tc.s); got != tc.want {
			t.Errorf("Estimate(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

func TestTokenizers(t *testing.T) {
	// Counts from OpenAI's tiktoken for the same strings.
	tests := []struct {
		enc, s string
		want   int
	}{
		{"o200k_base", "hello world", 2},
		{"cl100k_base", "hello world", 2},
		{"cl100k_base", "tiktoken is great!", 6},
		{"o200k_base", "tiktoken is great!", 6},
		{"cl100k_base", "<|endoftext|>", 7}, // special-token text counts as text
	}
	for _, tc := range tests {
		tok, err := NewTokenizer(tc.enc)
		if err != nil {
			t.Fatal(err)
		}
		if tok.Name() != tc.enc {
			t.Errorf("name = %q", tok.Name())
		}
		if got := tok.Count(tc.s); got != tc.want {
			t.Errorf("%s: Count(%q) = %d, want %d", tc.enc, tc.s, got, tc.want)
		}
	}
	if _, err := NewTokenizer("p50k"); err == nil || err.Error() != `unknown tokenizer "p50k" (known: o200k_base, cl100k_base)` {
		t.Errorf("err = %v", err)
	}
}

func TestEscaping(t *testing.T) {
	tests := []struct{ in, dot, mermaid string }{
		{`a == "b"`, `"a == \"b\""`, `a == #quot;b#quot;`},
		{"x\ny", `"x\ny"`, `x<br/>y`},
		{`a\b <c> & #d`, `"a\\b <c> & #d"`, `a\b #lt;c#gt; #amp; #35;d`},
	}
	for _, tc := range tests {
		if got := dotQuote(tc.in); got != tc.dot {
			t.Errorf("dotQuote(%q) = %s, want %s", tc.in, got, tc.dot)
		}
		if got := mermaidText(tc.in); got != tc.mermaid {
			t.Errorf("mermaidText(%q) = %s, want %s", tc.in, got, tc.mermaid)
		}
	}
}

func TestIndent(t *testing.T) {
	if got, want := indent("a\n\nb\n  c\n\n", "  "), "a\n\n  b\n    c"; got != want {
		t.Errorf("indent = %q, want %q", got, want)
	}
}
