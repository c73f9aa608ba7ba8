// Package txtargen holds what the generators of testscript goldens
// (tools/oracle2txtar, tools/cow2txtar) share: quoting script
// words, storing exact bytes in a txtar archive together with the commands
// that restore them, assembling an archive that is checked to read back as
// written, and syncing a folder of generated scripts (or, in check mode,
// reporting the stale ones).
//
// The restore commands it emits are testscript built-ins (unquote,
// unix2dos) and the trim-newline command of cmd/promptc/script_test.go.
// It is a development-tool package: Sync uses package os directly.
package txtargen

import (
	"fmt"
	"strings"
)

// safeChars need no quoting in a testscript word.
const safeChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,:=+@%^~"

// nameChars are the characters a $NAME reference would swallow.
const nameChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

// Arg quotes s as one testscript word. Words made only of safe characters
// stay bare; others are single-quoted, with ” for a quote, which also turns
// off $ expansion and # comments. A word cannot hold a newline.
func Arg(s string) (string, error) {
	if strings.ContainsAny(s, "\n") {
		return "", fmt.Errorf("a script word cannot hold a newline: %q", s)
	}
	if s != "" && strings.Trim(s, safeChars) == "" {
		return s, nil
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'", nil
}

// WorkArg quotes s as one word in which every occurrence of root becomes
// the script's $WORK (written ${WORK} where a name character follows).
func WorkArg(s, root string) (string, error) {
	if root == "" || !strings.Contains(s, root) {
		return Arg(s)
	}
	var b strings.Builder
	for i, piece := range strings.Split(s, root) {
		if i > 0 {
			if piece != "" && strings.ContainsAny(piece[:1], nameChars) {
				b.WriteString("${WORK}")
			} else {
				b.WriteString("$WORK")
			}
		}
		if piece == "" {
			continue
		}
		q, err := Arg(piece)
		if err != nil {
			return "", err
		}
		b.WriteString(q)
	}
	return b.String(), nil
}

// Wrap splits text into lines of at most width bytes at spaces (a longer
// word stays whole); each newline of text starts a new line.
func Wrap(text string, width int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		cur := ""
		for _, w := range strings.Fields(para) {
			if cur != "" && len(cur)+1+len(w) > width {
				out = append(out, cur)
				cur = ""
			}
			if cur != "" {
				cur += " "
			}
			cur += w
		}
		out = append(out, cur)
	}
	return out
}
