package budget

import (
	"fmt"
	"strconv"
	"strings"
)

// Strategies: how a text or a list is shrunk.
const (
	// KeepHead keeps the beginning; the note goes at the end.
	KeepHead = "head"
	// KeepTail keeps the end; the note goes at the start.
	KeepTail = "tail"
	// KeepHeadTail keeps the beginning and the end, half the kept size
	// each (the head gets the odd unit); the note goes between them.
	KeepHeadTail = "head_tail"
	// DropItems drops whole items of a list, the last one first, and
	// notes how many went at the end.
	DropItems = "drop_items"
)

// Strategies lists the strategy names.
func Strategies() []string { return []string{DropItems, KeepHead, KeepHeadTail, KeepTail} }

// Cut is a text cut to a size: the parts kept around the note.
type Cut struct {
	// Head and Tail are the kept parts (either may be empty).
	Head, Tail string
	// Omitted is the size of what was left out, in the meter's unit:
	// the whole text's size minus the kept parts' sizes (never negative).
	Omitted int
}

// Join puts the note between the kept parts.
func (c Cut) Join(note string) string { return c.Head + note + c.Tail }

// CutText keeps at most keep units of text by strategy (KeepHead,
// KeepTail or KeepHeadTail), never splitting a UTF-8 sequence and, where
// a line break is near the cut, cutting at it (see snapHead). total is
// m.Count(text), passed in because callers have it.
func CutText(m Meter, text string, total, keep int, strategy string) (Cut, error) {
	keep = max(keep, 0)
	var c Cut
	switch strategy {
	case KeepHead:
		c.Head = text[:m.Prefix(text, keep)]
	case KeepTail:
		c.Tail = text[m.Suffix(text, keep):]
	case KeepHeadTail:
		h := m.Prefix(text, keep-keep/2)
		t := max(m.Suffix(text, keep/2), h)
		c.Head, c.Tail = text[:h], text[t:]
	default:
		return Cut{}, fmt.Errorf("strategy %q cuts no text (text strategies: %s, %s, %s)", strategy, KeepHead, KeepTail, KeepHeadTail)
	}
	c.Head, c.Tail = snapHead(c.Head), snapTail(c.Tail)
	kept := 0
	if c.Head != "" {
		kept += m.Count(c.Head)
	}
	if c.Tail != "" {
		kept += m.Count(c.Tail)
	}
	c.Omitted = max(total-kept, 0)
	return c, nil
}

// snapHead ends a kept head at the end of its last line when that line
// break lies in the head's last quarter, so that a cut falls between lines
// where it costs little.
func snapHead(head string) string {
	if i := strings.LastIndexByte(head, '\n'); i >= 0 && i+1 < len(head) && i+1 >= len(head)*3/4 {
		return head[:i+1]
	}
	return head
}

// snapTail starts a kept tail at the start of its first full line when
// that lies in the tail's first quarter.
func snapTail(tail string) string {
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i+1 < len(tail) && i+1 <= len(tail)/4 {
		return tail[i+1:]
	}
	return tail
}

// Thousands formats n with commas between groups of three digits
// (12345 -> "12,345"), as the omission notes print sizes.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
