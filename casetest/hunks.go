package casetest

import (
	"strings"
)

// contextLines is how many unchanged lines surround a change in a hunk.
const contextLines = 3

// hunks builds the hunks of section id: each of its changed lines with up
// to contextLines unchanged lines around it, never reaching into another
// section's changes.
func hunks(id string, ops []lineOp, ids []string) []Hunk {
	oldBefore := make([]int, len(ops)+1)
	newBefore := make([]int, len(ops)+1)
	for k, op := range ops {
		oldBefore[k+1], newBefore[k+1] = oldBefore[k], newBefore[k]
		if op.kind != '+' {
			oldBefore[k+1]++
		}
		if op.kind != '-' {
			newBefore[k+1]++
		}
	}
	mine := func(k int) bool { return ops[k].kind != ' ' && ids[k] == id }
	var out []Hunk
	for k := 0; k < len(ops); k++ {
		if !mine(k) {
			continue
		}
		start := k
		for n := 0; start > 0 && ops[start-1].kind == ' ' && n < contextLines; n++ {
			start--
		}
		end := k // exclusive end, extended while changes of id continue within reach
		for end < len(ops) {
			if mine(end) {
				end++
				continue
			}
			if ops[end].kind != ' ' {
				break
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' && run-end < 2*contextLines {
				run++
			}
			if run < len(ops) && mine(run) && run-end <= 2*contextLines {
				end = run
				continue
			}
			for n := 0; end < len(ops) && ops[end].kind == ' ' && n < contextLines; n++ {
				end++
			}
			break
		}
		h := Hunk{}
		for j := start; j < end; j++ {
			op := ops[j]
			text := strings.TrimSuffix(op.text, "\n")
			if t, ok := strings.CutSuffix(text, noEOL); ok {
				text = t + "\n" + noNewline
			}
			h.Lines = append(h.Lines, string(op.kind)+text)
			if op.kind != '+' {
				h.OldLines++
			}
			if op.kind != '-' {
				h.NewLines++
			}
		}
		h.OldStart, h.NewStart = oldBefore[start], newBefore[start]
		if h.OldLines > 0 {
			h.OldStart++
		}
		if h.NewLines > 0 {
			h.NewStart++
		}
		out = append(out, h)
		k = end - 1
	}
	return out
}
