package casetest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
)

// lineOp is one line of a full line diff: kept (' '), removed ('-') or
// added ('+'). old and new are 0-based line indexes on each side, -1 on
// the side that does not have the line.
type lineOp struct {
	kind     byte
	text     string // with its newline
	old, new int
}

// splitLines splits text into lines that keep their newline; a last line
// without one gets one, so that the two sides of a diff compare alike.
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	ls := strings.SplitAfter(text, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	} else {
		ls[len(ls)-1] += "\n"
	}
	return ls
}

// diffLines returns the whole line diff of old and new, every line of
// both in order, using go-internal's anchored diff (unique lines anchor
// the matching regions, which keeps a diff of prompts readable).
func diffLines(old, new string) []lineOp {
	a, b := splitLines(old), splitLines(new)
	u := diff.Diff("old", []byte(strings.Join(a, "")), "new", []byte(strings.Join(b, "")))
	var ops []lineOp
	i, j := 0, 0
	keep := func(untilOld int) {
		for i < untilOld && i < len(a) {
			ops = append(ops, lineOp{' ', a[i], i, j})
			i++
			j++
		}
	}
	for _, l := range splitLines(string(u)) {
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
		case strings.HasPrefix(l, "-"):
			ops = append(ops, lineOp{'-', a[i], i, -1})
			i++
		case strings.HasPrefix(l, "+"):
			ops = append(ops, lineOp{'+', b[j], -1, j})
			j++
		}
	}
	keep(len(a))
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
