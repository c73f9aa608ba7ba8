package casetest

import (
	"fmt"
	"io"
	"strings"
)

// plural writes n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// Summary is one line about d: how many sections changed and the token
// cost of the change per request (the prompt is sent with every request).
func (d *Diff) Summary() string {
	return fmt.Sprintf("%s changed, %s tokens per request (%d -> %d)",
		plural(len(d.Sections), "section"), signed(d.NewTokens-d.OldTokens), d.OldTokens, d.NewTokens)
}

// Write prints d section by section, every line after indent: the
// section, what happened to it and its token delta, why (for a section
// that appeared or went away), the files behind it, then its hunks.
// display turns an origin's path into what is printed.
func (d *Diff) Write(w io.Writer, indent string, display func(string) string) error {
	var b strings.Builder
	for _, s := range d.Sections {
		name := "section " + s.ID
		if s.ID == "" {
			name = "text between sections"
		}
		fmt.Fprintf(&b, "%s%s: %s, %s tokens (%d -> %d)\n", indent, name, s.Change, signed(s.NewTokens-s.OldTokens), s.OldTokens, s.NewTokens)
		in := indent + "    "
		if s.Why != "" {
			fmt.Fprintf(&b, "%s%s\n", in, s.Why)
		}
		writeFiles(&b, in, s.Files, display)
		for _, h := range s.Hunks {
			fmt.Fprintf(&b, "%s@@ -%d,%d +%d,%d @@\n", in, h.OldStart, h.OldLines, h.NewStart, h.NewLines)
			for _, l := range h.Lines {
				for _, part := range strings.Split(l, "\n") {
					fmt.Fprintf(&b, "%s%s\n", in, part)
				}
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFiles prints the files behind a section: for a build compared with
// a build, those that were added, removed or changed (or, when none was,
// all of them as unchanged); for a build compared with text, those the
// change shows, or else all of them.
func writeFiles(b *strings.Builder, indent string, files []FileChange, display func(string) string) {
	if len(files) == 0 {
		return
	}
	var causes, moved, all []string
	for _, f := range files {
		p := display(f.Path)
		all = append(all, p)
		switch f.Change {
		case Cause:
			causes = append(causes, p)
		case Added:
			moved = append(moved, fmt.Sprintf("+ %s (added)", p))
		case Removed:
			moved = append(moved, fmt.Sprintf("- %s (removed)", p))
		case Changed:
			moved = append(moved, fmt.Sprintf("~ %s (changed, %d -> %d bytes)", p, f.OldBytes, f.NewBytes))
		}
	}
	switch {
	case len(causes) > 0:
		fmt.Fprintf(b, "%sfrom %s\n", indent, strings.Join(causes, ", "))
	case len(moved) > 0:
		for _, m := range moved {
			fmt.Fprintf(b, "%s%s\n", indent, m)
		}
	default:
		fmt.Fprintf(b, "%sfiles: %s\n", indent, strings.Join(all, ", "))
	}
}
