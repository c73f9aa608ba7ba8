package pyyaml

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// PyYAML knows the escape \/ in double-quoted scalars ("a\/b" is "a/b");
// yaml.v3 rejects it. Before parsing, every \/ that is not itself escaped
// becomes \uXXXX for a private-use character absent from the text: in a
// double-quoted scalar yaml.v3 decodes that to the character, anywhere
// else it stays the six characters. [slashFix.restore] maps both back.
type slashFix struct {
	char string // the decoded character
	text string // the \uXXXX text
}

// newSlashFix rewrites text if it holds an unescaped \/.
func newSlashFix(text string) (string, *slashFix) {
	if !strings.Contains(text, `\/`) {
		return text, nil
	}
	var f *slashFix
	for r := rune(0xF8F0); r < 0xF8FF; r++ {
		esc := fmt.Sprintf(`\u%04X`, r)
		if !strings.ContainsRune(text, r) && !strings.Contains(text, esc) {
			f = &slashFix{char: string(r), text: esc}
			break
		}
	}
	if f == nil {
		return text, nil
	}
	var b strings.Builder
	backslashes := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '/' && backslashes%2 == 1 {
			s := b.String()
			b.Reset()
			b.WriteString(s[:len(s)-1])
			b.WriteString(f.text)
			backslashes = 0
			continue
		}
		if c == '\\' {
			backslashes++
		} else {
			backslashes = 0
		}
		b.WriteByte(c)
	}
	return b.String(), f
}

// restore returns a scalar's value as PyYAML reads it.
func (f *slashFix) restore(y *yaml.Node) string {
	if f == nil {
		return y.Value
	}
	if y.Style&yaml.DoubleQuotedStyle != 0 {
		return strings.ReplaceAll(y.Value, f.char, "/")
	}
	return strings.ReplaceAll(y.Value, f.text, `\/`)
}
