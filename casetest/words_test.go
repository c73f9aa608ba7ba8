package casetest

import (
	"reflect"
	"testing"
)

func TestSplitWords(t *testing.T) {
	tests := []struct {
		line string
		want []string
		err  string
	}{
		{"", nil, ""},
		{"  --cwd   $WORK/proj  ", []string{"--cwd", "/R/proj"}, ""},
		{"${WORK}x $WORKx", nil, "column 10: $WORKx: only $WORK is expanded (write '$' in single quotes for a literal $)"},
		{"--append-system-prompt 'two words' \"and $WORK\"", []string{"--append-system-prompt", "two words", "and /R"}, ""},
		{`'it'\''s' a\ b "q\"x\\y\n"`, []string{"it's", "a b", `q"x\y\n`}, ""},
		{"'$WORK' ''", []string{"$WORK", ""}, ""},
		{"-t read,bash", []string{"-t", "read,bash"}, ""},
		{"'open", nil, "column 1: unterminated ' quote"},
		{`a "open`, nil, `column 3: unterminated " quote`},
		{`a\`, nil, `column 2: \ at the end of the line`},
		{"$HOME/x", nil, "column 1: $HOME: only $WORK is expanded (write '$' in single quotes for a literal $)"},
		{"a | b", nil, `column 3: '|' is shell syntax promptc does not run; quote it`},
		{"\"`x`\"", nil, "column 2: ` (command substitution) is not supported; escape it as \\`"},
	}
	for _, tc := range tests {
		ws, err := splitWords(tc.line)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		var got []string
		for _, w := range ws {
			got = append(got, w.expand("/R"))
		}
		if gotErr != tc.err || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitWords(%q) = %q, %q; want %q, %q", tc.line, got, gotErr, tc.want, tc.err)
		}
	}
}

// TestQuoteWordRoundTrip: what quoteWord writes, splitWords reads back.
func TestQuoteWordRoundTrip(t *testing.T) {
	for _, s := range []string{"plain", "", "two words", "it's", `"q"`, "$x", "a|b", "/R/proj", "/R", "/Rx/y", "x=/R/a b", "tab\there", "ünï"} {
		q := quoteWord(s, "/R")
		ws, err := splitWords(q)
		if err != nil || len(ws) != 1 || ws[0].expand("/R") != s {
			t.Errorf("quoteWord(%q) = %s, read back as %q, %v", s, q, ws, err)
		}
	}
	if got := joinWords([]string{"--cwd", "/R/p", "x y"}, "/R"); got != "--cwd $WORK/p 'x y'" {
		t.Errorf("joinWords = %s", got)
	}
}
