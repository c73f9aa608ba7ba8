package emit

import (
	"fmt"
	"io"
	"strings"
)

// maxDiffCells bounds the line-diff table; past it a file's diff is one
// hunk replacing the whole text (correct, just not minimal).
const maxDiffCells = 4 << 20

// splitKeep splits text into lines, each with its "\n" (the last may
// have none).
func splitKeep(text string) []string {
	if text == "" {
		return nil
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// op is one line of an edit script: ' ', '-' or '+'.
type op struct {
	kind byte
	line string
}

// editScript is a shortest edit script from a to b by longest common
// subsequence.
func editScript(a, b []string) []op {
	n, m := len(a), len(b)
	if n*m > maxDiffCells {
		out := make([]op, 0, n+m)
		for _, l := range a {
			out = append(out, op{'-', l})
		}
		for _, l := range b {
			out = append(out, op{'+', l})
		}
		return out
	}
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []op
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			out = append(out, op{' ', a[i]})
			i++
			j++
		case lcs[i+1][j] >= lcs[i][j+1]:
			out = append(out, op{'-', a[i]})
			i++
		default:
			out = append(out, op{'+', b[j]})
			j++
		}
	}
	for ; i < n; i++ {
		out = append(out, op{'-', a[i]})
	}
	for ; j < m; j++ {
		out = append(out, op{'+', b[j]})
	}
	return out
}

// writeUnified writes the unified diff (3 lines of context) of old and
// new under the names a/name and b/name; /dev/null for an absent side.
func writeUnified(w io.Writer, name, old, new string, oldExists, newExists bool) error {
	ops := editScript(splitKeep(old), splitKeep(new))
	from, to := "a/"+name, "b/"+name
	if !oldExists {
		from = "/dev/null"
	}
	if !newExists {
		to = "/dev/null"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", from, to)
	const ctx = 3
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		start := max(0, k-ctx)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(run, end+ctx)
				break
			}
			end = run
		}
		oldLine, newLine := 1, 1
		for _, o := range ops[:start] {
			if o.kind != '+' {
				oldLine++
			}
			if o.kind != '-' {
				newLine++
			}
		}
		oldN, newN := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				oldN++
			}
			if o.kind != '-' {
				newN++
			}
		}
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", hunkRange(oldLine, oldN), hunkRange(newLine, newN))
		for _, o := range ops[start:end] {
			b.WriteByte(o.kind)
			b.WriteString(o.line)
			if !strings.HasSuffix(o.line, "\n") {
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

// WriteDiff writes the unified diff of every change that alters a file.
func (r *Result) WriteDiff(w io.Writer) error {
	for _, c := range append(append([]Change(nil), r.Changes...), r.manifest) {
		switch c.Action {
		case ActCreate, ActUpdate, ActRemove:
		default:
			continue
		}
		newExists := c.Action != ActRemove
		if err := writeUnified(w, c.Path, c.Old, c.New, c.exists, newExists); err != nil {
			return err
		}
	}
	return nil
}
