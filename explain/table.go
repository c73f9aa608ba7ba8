package explain

import (
	"io"
	"strings"
	"unicode/utf8"
)

// table lays out rows in aligned columns separated by two spaces, with no
// trailing white space. Columns listed in right are right-aligned; the
// last column is never padded.
type table struct {
	indent string
	right  map[int]bool
	rows   [][]string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(w io.Writer) {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range t.rows {
		var b strings.Builder
		b.WriteString(t.indent)
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c))
			switch {
			case t.right[i]:
				b.WriteString(pad + c)
			case i == len(r)-1:
				b.WriteString(c)
			default:
				b.WriteString(c + pad)
			}
		}
		io.WriteString(w, strings.TrimRight(b.String(), " ")+"\n")
	}
}
