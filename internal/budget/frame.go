package budget

import (
	"errors"
	"strings"
)

// Escape is what Neutralize inserts after the first byte of every
// occurrence of a frame's closing delimiter.
const Escape = `\`

// CheckClose reports why close cannot end a frame: Frame's guarantee needs
// at least two bytes, no newline and no backslash in it.
func CheckClose(close string) error {
	switch {
	case len(close) < 2:
		return errors.New("the closing delimiter must be at least 2 bytes long")
	case strings.ContainsAny(close, "\n\r"):
		return errors.New("the closing delimiter must be one line")
	case strings.Contains(close, Escape):
		return errors.New(`the closing delimiter must not contain a backslash (the escape)`)
	}
	return nil
}

// Neutralize makes text free of close: at every position where close
// starts in text, compared ASCII-case-insensitively and counting
// overlapping occurrences, a backslash is inserted after the occurrence's
// first byte ("</x>" becomes "<\/x>", "</X>" becomes "<\/X>"). Nothing
// else changes.
//
// Why no occurrence is left (close valid by CheckClose): an occurrence in
// the output contains no backslash, so it maps to len(close) consecutive
// input bytes with no insertion strictly inside them; those bytes equal
// close (case-folded), so close started at their first byte and a
// backslash was inserted right after it, inside them — a contradiction.
// The inserted backslash cannot complete an occurrence either, since close
// holds none.
func Neutralize(text, close string) string {
	if len(close) == 0 || len(text) < len(close) {
		return text
	}
	var b strings.Builder
	last := 0
	for i := 0; i+len(close) <= len(text); i++ {
		if !asciiFoldEqual(text[i:i+len(close)], close) {
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(text) + 8)
		}
		b.WriteString(text[last : i+1])
		b.WriteString(Escape)
		last = i + 1
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// asciiFoldEqual compares a and b (same length) with ASCII letters folded.
func asciiFoldEqual(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// Frame wraps text between open and close so that the result contains
// close exactly once, at its end (ASCII-case-insensitively): open and text
// are neutralized, open is followed by a newline unless it ends with one,
// and text is followed by one unless it is empty or ends with one. Since
// close holds no newline, an occurrence cannot span those newlines, so it
// lies within open, text or the final close, and only the last has one.
func Frame(open, text, close string) string {
	open = Neutralize(open, close)
	text = Neutralize(text, close)
	var b strings.Builder
	b.Grow(len(open) + len(text) + len(close) + 2)
	b.WriteString(open)
	if !strings.HasSuffix(open, "\n") {
		b.WriteByte('\n')
	}
	b.WriteString(text)
	if text != "" && !strings.HasSuffix(text, "\n") {
		b.WriteByte('\n')
	}
	b.WriteString(close)
	return b.String()
}
