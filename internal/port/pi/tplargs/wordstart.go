package tplargs

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// ParseWordStart splits args into arguments as pi 1.x's parseCommandArgs
// does. Outside quotes, JS white space separates arguments. A '"' or '\”
// opens a quote only where an argument starts; elsewhere it is a literal
// character, so apostrophes inside words stay. Inside a quote, a
// backslash followed by the open quote's character gives that character,
// and only the same character closes the quote (the argument goes on
// after it). An argument is emitted once it has started, so `""` yields
// one empty argument. A quote still open at the end of the string is
// read again as a literal character, and the text after it is split as
// if it were unquoted.
func ParseWordStart(args string) []string {
	out := []string{}
	var cur strings.Builder
	started := false
	var quote byte
	quoteAt := 0
	for i := 0; i < len(args); {
		r, size := utf8.DecodeRuneInString(args[i:])
		c := args[i]
		switch {
		case quote != 0:
			switch {
			case c == '\\' && i+1 < len(args) && args[i+1] == quote:
				cur.WriteByte(quote)
				size = 2
			case c == quote:
				quote = 0
			default:
				cur.WriteString(args[i : i+size])
			}
		case (c == '"' || c == '\'') && !started:
			quote, quoteAt, started = c, i, true
		case size == 1 && r == utf8.RuneError:
			cur.WriteByte(c) // invalid byte: not white space, kept as is
			started = true
		case jsstr.IsSpace(r):
			if started {
				out = append(out, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteString(args[i : i+size])
			started = true
		}
		i += size
		if quote != 0 && i >= len(args) {
			// Unclosed: the quote is text; read on from just after it.
			quote = 0
			cur.Reset()
			cur.WriteByte(args[quoteAt])
			i = quoteAt + 1
		}
	}
	if started {
		out = append(out, cur.String())
	}
	return out
}
