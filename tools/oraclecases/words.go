package main

import (
	"fmt"
	"strings"
)

// words splits a script line as testscript does for the words the
// generators write: blanks separate words, '...' quotes (a doubled quote
// inside is one quote), $WORK and ${WORK} stand for the root, kept as $WORK.
func words(line string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
			continue
		case c == '\'':
			for i++; ; i++ {
				if i >= len(line) {
					return nil, fmt.Errorf("unterminated quote in %q", line)
				}
				if line[i] == '\'' {
					if i+1 < len(line) && line[i+1] == '\'' {
						cur.WriteByte('\'')
						i++
						continue
					}
					break
				}
				cur.WriteByte(line[i])
			}
			if strings.Contains(cur.String(), "$WORK") {
				return nil, fmt.Errorf("a literal $WORK in %q cannot be told from the root", line)
			}
		case c == '$':
			rest := line[i:]
			switch {
			case strings.HasPrefix(rest, "${WORK}"):
				cur.WriteString("$WORK")
				i += len("${WORK}") - 1
			case strings.HasPrefix(rest, "$WORK"):
				cur.WriteString("$WORK")
				i += len("$WORK") - 1
			default:
				return nil, fmt.Errorf("variable in %q: only $WORK is known", line)
			}
		default:
			cur.WriteByte(c)
		}
		in = true
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}
