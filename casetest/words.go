package casetest

import (
	"fmt"
	"strings"
)

// workVar is how a case writes its root.
const workVar = "$WORK"

// word is one argument of an args or fs line before $WORK is known: its
// text with each unquoted or double-quoted $WORK (or ${WORK}) replaced by
// workMark, which expand turns into the root.
type word string

// workMark stands for $WORK inside a parsed word; NUL cannot occur in a
// command-line argument.
const workMark = "\x00WORK\x00"

func (w word) expand(root string) string { return strings.ReplaceAll(string(w), workMark, root) }

// splitWords splits a line into words with a small subset of POSIX shell
// syntax: blanks separate words; '...' is literal; "..." is literal except
// for \" \\ \$ and \` and $WORK; a backslash outside quotes makes the next
// character literal; $WORK and ${WORK} stand for the case root. Other
// variables, command substitution, globbing, redirection, pipes and
// comments do not exist: an unquoted $NAME, `, |, &, ;, <, >, (, ) is an
// error (the word -> excepted), so that a line never means something
// other than it seems to.
// The error gives the 1-based column.
func splitWords(line string) ([]word, error) {
	var out []word
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				out = append(out, word(cur.String()))
				cur.Reset()
				inWord = false
			}
			continue
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("column %d: unterminated ' quote", i+1)
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			start := i
			for i++; ; i++ {
				if i >= len(line) {
					return nil, fmt.Errorf("column %d: unterminated \" quote", start+1)
				}
				if line[i] == '"' {
					break
				}
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0 {
					i++
					cur.WriteByte(line[i])
					continue
				}
				if line[i] == '$' {
					n, err := dollar(line, i)
					if err != nil {
						return nil, err
					}
					cur.WriteString(workMark)
					i += n - 1
					continue
				}
				if line[i] == '`' {
					return nil, fmt.Errorf("column %d: ` (command substitution) is not supported; escape it as \\`", i+1)
				}
				cur.WriteByte(line[i])
			}
		case c == '\\':
			if i+1 >= len(line) {
				return nil, fmt.Errorf("column %d: \\ at the end of the line", i+1)
			}
			i++
			cur.WriteByte(line[i])
		case c == '$':
			n, err := dollar(line, i)
			if err != nil {
				return nil, err
			}
			cur.WriteString(workMark)
			i += n - 1
		case c == '>' && cur.String() == "-" && (i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t'):
			cur.WriteByte(c) // the word ->, of fs's symlink LINK -> TARGET
		case strings.IndexByte("`|&;<>()", c) >= 0:
			return nil, fmt.Errorf("column %d: %q is shell syntax promptc does not run; quote it", i+1, c)
		default:
			cur.WriteByte(c)
		}
		inWord = true
	}
	if inWord {
		out = append(out, word(cur.String()))
	}
	return out, nil
}

// dollar reads $WORK or ${WORK} at line[i] and returns its length.
func dollar(line string, i int) (int, error) {
	rest := line[i:]
	for _, form := range []string{"${WORK}", "$WORK"} {
		if strings.HasPrefix(rest, form) {
			if form == "$WORK" && len(rest) > len(form) && isNameByte(rest[len(form)]) {
				break
			}
			return len(form), nil
		}
	}
	name := rest[1:]
	if strings.HasPrefix(name, "{") {
		name = name[1:]
	}
	n := 0
	for n < len(name) && isNameByte(name[n]) {
		n++
	}
	return 0, fmt.Errorf("column %d: $%s: only $WORK is expanded (write '$' in single quotes for a literal $)", i+1, name[:n])
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// shellSafe are the bytes a word may hold without quotes.
const shellSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,:=+@%^~"

// quoteWord writes s as one word that splitWords reads back as s, with
// every occurrence of root (when root is not empty) written as $WORK.
func quoteWord(s, root string) string {
	if root != "" && strings.Contains(s, root) {
		parts := strings.Split(s, root)
		var b strings.Builder
		for i, p := range parts {
			if i > 0 {
				if p != "" && isNameByte(p[0]) {
					b.WriteString("${WORK}")
				} else {
					b.WriteString(workVar)
				}
			}
			if p != "" {
				b.WriteString(quoteWord(p, ""))
			}
		}
		return b.String()
	}
	if s != "" && strings.Trim(s, shellSafe) == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// joinWords quotes words into one line (see quoteWord).
func joinWords(words []string, root string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = quoteWord(w, root)
	}
	return strings.Join(q, " ")
}
