// Package udiff is promptc's one line diff: the whole edit script of two
// texts (go-internal's anchored diff: unique lines anchor the matching
// regions, which keeps a diff of prompts readable) and its unified-diff
// form. casetest builds its section hunks from the script; emit --dry-run
// prints the unified diff.
package udiff

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
)

// Op is one line of a full line diff: kept (' '), removed ('-') or added
// ('+'). Text is the line with its newline (a text's last line may have
// none). Old and New are 0-based line indexes on each side, -1 on the side
// that does not have the line.
type Op struct {
	Kind     byte
	Text     string
	Old, New int
}

// Lines splits text into lines that keep their newline; the last may
// have none.
func Lines(text string) []string {
	if text == "" {
		return nil
	}
	ls := strings.SplitAfter(text, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// Diff returns the line diff of a and b (lines as Lines makes them):
// every line of both, in order.
func Diff(a, b []string) []Op {
	u := diff.Diff("old", []byte(strings.Join(a, "")), "new", []byte(strings.Join(b, "")))
	var ops []Op
	i, j := 0, 0
	keep := func(untilOld int) {
		for i < untilOld && i < len(a) {
			ops = append(ops, Op{' ', a[i], i, j})
			i++
			j++
		}
	}
	for _, l := range Lines(string(u)) {
		switch {
		case strings.HasPrefix(l, "@@ "):
			start, err := hunkStart(l)
			if err != nil {
				continue // cannot happen: go-internal writes the header
			}
			keep(start)
		case strings.HasPrefix(l, "diff "), strings.HasPrefix(l, "--- "), strings.HasPrefix(l, "+++ "):
		case strings.HasPrefix(l, " "):
			keep(i + 1)
		case strings.HasPrefix(l, "-") && i < len(a):
			ops = append(ops, Op{'-', a[i], i, -1})
			i++
		case strings.HasPrefix(l, "+") && j < len(b):
			ops = append(ops, Op{'+', b[j], -1, j})
			j++
		}
	}
	keep(len(a))
	for ; j < len(b); j++ { // cannot happen: the diff covers both sides
		ops = append(ops, Op{'+', b[j], -1, j})
	}
	return ops
}

// hunkStart is the 0-based old line where a hunk "@@ -a,b +c,d @@" starts.
func hunkStart(header string) (int, error) {
	f := strings.Fields(header)
	if len(f) < 3 || !strings.HasPrefix(f[1], "-") {
		return 0, fmt.Errorf("bad hunk header %q", header)
	}
	startText, countText, _ := strings.Cut(f[1][1:], ",")
	start, err := strconv.Atoi(startText)
	if err != nil {
		return 0, err
	}
	if countText == "0" {
		return start, nil
	}
	return start - 1, nil
}

// Context is how many unchanged lines surround a change in a hunk.
const Context = 3

// Write writes ops as a unified diff ("--- from", "+++ to", hunks with
// Context lines of context, as diff -u writes them; a last line without
// a newline is marked "\ No newline at end of file"). Nothing but the
// header is written when ops hold no change.
func Write(w io.Writer, from, to string, ops []Op) error {
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", from, to)
	for k := 0; k < len(ops); {
		if ops[k].Kind == ' ' {
			k++
			continue
		}
		start := max(0, k-Context)
		end := k
		for end < len(ops) {
			if ops[end].Kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].Kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*Context {
				end = min(run, end+Context)
				break
			}
			end = run
		}
		oldLine, newLine := 1, 1
		for _, o := range ops[:start] {
			if o.Kind != '+' {
				oldLine++
			}
			if o.Kind != '-' {
				newLine++
			}
		}
		oldN, newN := 0, 0
		for _, o := range ops[start:end] {
			if o.Kind != '+' {
				oldN++
			}
			if o.Kind != '-' {
				newN++
			}
		}
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", hunkRange(oldLine, oldN), hunkRange(newLine, newN))
		for _, o := range ops[start:end] {
			b.WriteByte(o.Kind)
			b.WriteString(o.Text)
			if !strings.HasSuffix(o.Text, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
		k = end
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// hunkRange is "start,count" as diff -u writes it ("start-1,0" when empty).
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}
