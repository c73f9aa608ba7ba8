// Package tplargs implements pi 0.83.0's prompt-template arguments: the
// bash-like splitting of the text after "/name" (TPL-A1, parseCommandArgs)
// and the single-pass placeholder substitution into the template body
// (TPL-A2..A6, substituteArgs).
//
// Both functions are pure and total: any input string is accepted, invalid
// UTF-8 bytes are copied through unchanged, and substituted values are never
// rescanned for placeholders.
package tplargs

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// Parse splits args into arguments as pi's parseCommandArgs does (TPL-A1).
// Outside quotes, JS white space separates arguments. A '"' or '\” opens a
// quote anywhere, even mid-word, and only the same character closes it;
// there are no escapes (a backslash is literal). An argument is emitted only
// when non-empty, so `""` yields nothing while `" "` yields " ". An unclosed
// quote runs to the end of the string.
func Parse(args string) []string {
	out := []string{}
	var cur strings.Builder
	var quote byte
	for i := 0; i < len(args); {
		r, size := utf8.DecodeRuneInString(args[i:])
		c := args[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteString(args[i : i+size])
			}
		case c == '"' || c == '\'':
			quote = c
		case size == 1 && r == utf8.RuneError:
			cur.WriteByte(c) // invalid byte: not white space, kept as is
		case jsstr.IsSpace(r):
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteString(args[i : i+size])
		}
		i += size
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}
