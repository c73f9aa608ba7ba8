package casetest

import (
	"strings"

	"github.com/promptc/promptc/internal/udiff"
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
// both in order (internal/udiff: go-internal's anchored diff, whose unique
// lines anchor the matching regions, which keeps a diff of prompts
// readable).
func diffLines(old, new string) []lineOp {
	ud := udiff.Diff(splitLines(old), splitLines(new))
	ops := make([]lineOp, len(ud))
	for k, o := range ud {
		ops[k] = lineOp{o.Kind, o.Text, o.Old, o.New}
	}
	return ops
}

// splitPromptLines splits a prompt into lines; a last line without a
// newline carries noEOL before the newline splitLines gives it, so that
// "a" and "a\n" differ, and a hunk shows it as diff(1) does.
func splitPromptLines(p string) []string {
	ls := splitLines(p)
	if len(ls) > 0 && !strings.HasSuffix(p, "\n") {
		ls[len(ls)-1] = strings.TrimSuffix(ls[len(ls)-1], "\n") + noEOL + "\n"
	}
	return ls
}

// noEOL marks a last line that has no newline; NUL does not occur in
// prompts built from text files.
const noEOL = "\x00"

// noNewline is how a hunk shows noEOL.
const noNewline = `\ No newline at end of prompt`

// lineText is a line of splitPromptLines as it is in the prompt.
func lineText(l string) string {
	if strings.HasSuffix(l, noEOL+"\n") {
		return strings.TrimSuffix(l, noEOL+"\n")
	}
	return l
}

// mergeEOL keeps as unchanged a last line that only gained or lost its
// newline because text was added or removed after it: in a block of
// changes that starts with that line removed and added again, the pair
// becomes one kept line, so that the section the line belongs to is not
// reported as changed. A diff whose only change is the final newline
// keeps it.
func mergeEOL(ops []lineOp) []lineOp {
	changes := 0
	for _, op := range ops {
		if op.kind != ' ' {
			changes++
		}
	}
	if changes <= 2 {
		return ops
	}
	out := make([]lineOp, 0, len(ops))
	for k := 0; k < len(ops); k++ {
		op := ops[k]
		if op.kind != '-' || (k > 0 && ops[k-1].kind != ' ') {
			out = append(out, op)
			continue
		}
		end := k
		for end < len(ops) && ops[end].kind == '-' {
			end++
		}
		if end < len(ops) && ops[end].kind == '+' {
			a, b := op.text, ops[end].text
			aEOL, bEOL := lineText(a) != a, lineText(b) != b
			if aEOL != bEOL && strings.TrimSuffix(lineText(a), "\n") == strings.TrimSuffix(lineText(b), "\n") {
				out = append(out, lineOp{' ', b, op.old, ops[end].new})
				out = append(out, ops[k+1:end]...)
				k = end
				continue
			}
		}
		out = append(out, op)
	}
	return out
}
