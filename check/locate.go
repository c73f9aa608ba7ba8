package check

import (
	"strconv"
	"strings"

	"github.com/promptc/promptc/casetest"
)

// minMatch is the shortest text a prompt line and a file's line must
// share to be taken for one another by containment: shorter ones ("---",
// "</skill>") are everywhere.
const minMatch = 12

// Finding is one problem of a check at a place: the source file and line
// behind a changed section, or the checks file's line of a check whose
// budget or build failed.
type Finding struct {
	// File is the file as displayed: relative to the repository root
	// (AGENTS.md, .promptc/checks.yaml), or $HOME/… for the check's home.
	File string `json:"file"`
	// Line is 1-based; 0 when the file has no line to point at (a file
	// that is gone).
	Line    int    `json:"line,omitempty"`
	Section string `json:"section,omitempty"`
	Message string `json:"message"`
	// Rule is what failed: prompt-changed, budget, or check-error.
	Rule string `json:"rule"`
}

// Rules of a Finding.
const (
	RuleChanged = "prompt-changed"
	RuleBudget  = "budget"
	RuleError   = "check-error"
)

// locate finds the source line behind each changed section of d: a line
// the change added that a file behind the section holds, else the line a
// removal left its neighbour at; read returns a rebased path's content.
//
// A section no file is behind (a layer's template) is looked for in the
// layers: the first of them that holds a line the change added.
func locate(d *casetest.Diff, read func(rebased string) ([]byte, bool), layers []string) []Finding {
	var out []Finding
	for _, sd := range d.Sections {
		name := sd.ID
		if name == "" {
			name = "(between sections)"
		}
		msg := "section " + name + " " + sd.Change + ", " + signedTokens(sd.NewTokens-sd.OldTokens)
		cands := filesChanged(sd.Files)
		var fs []Finding
		for _, c := range cands {
			f := Finding{File: display(c.Path), Message: msg}
			data, ok := read(c.Path)
			switch {
			case !ok && c.Change == casetest.Removed:
				f.Message += " (" + f.File + " is gone)"
			case !ok:
				continue
			default:
				f.Line = lineOf(strings.Split(string(data), "\n"), sd.Hunks)
				if f.Line == 0 && c.Change != casetest.Changed && c.Change != casetest.Added {
					continue // a file behind the section that this change does not show
				}
				if f.Line == 0 {
					f.Line = 1
				}
				if c.Change == casetest.Added {
					f.Message += " (" + f.File + " is new)"
				}
			}
			fs = append(fs, f)
		}
		for _, l := range layers {
			if len(fs) > 0 || len(cands) > 0 {
				break
			}
			if data, ok := read(l); ok {
				if line := lineOf(strings.Split(string(data), "\n"), sd.Hunks); line > 0 {
					fs = append(fs, Finding{File: display(l), Line: line, Message: msg})
				}
			}
		}
		for _, f := range fs {
			f.Section, f.Rule = sd.ID, RuleChanged
			out = append(out, f)
		}
	}
	return out
}

// filesChanged are the files that were added, changed or removed behind a
// section, else all of them.
func filesChanged(files []casetest.FileChange) []casetest.FileChange {
	var moved []casetest.FileChange
	for _, f := range files {
		if f.Change != "" {
			moved = append(moved, f)
		}
	}
	if len(moved) > 0 {
		return moved
	}
	return files
}

// lineOf is the first line of file that holds a line the hunks added, else
// the line holding the first kept line after a removal; 0 when none.
func lineOf(file []string, hunks []casetest.Hunk) int {
	find := func(text string) int {
		text, _, _ = strings.Cut(text, "\n") // a "\\ No newline" mark follows
		t := strings.TrimSpace(text)
		if t == "" {
			return 0
		}
		for i, l := range file {
			if strings.TrimSpace(l) == t {
				return i + 1
			}
		}
		if len(t) < minMatch {
			return 0
		}
		for i, l := range file { // the line inside a file's line (a YAML template)
			if strings.Contains(l, t) {
				return i + 1
			}
		}
		for i, l := range file { // a file's line, or its value after "key: ", inside the line (a skill's description)
			l = strings.TrimSpace(l)
			if _, v, ok := strings.Cut(l, ": "); ok && len(v) >= minMatch {
				l = v
			}
			if len(l) >= minMatch && strings.Contains(t, l) {
				return i + 1
			}
		}
		return 0
	}
	for _, h := range hunks {
		for _, l := range h.Lines {
			if strings.HasPrefix(l, "+") {
				if n := find(l[1:]); n > 0 {
					return n
				}
			}
		}
	}
	for _, h := range hunks {
		for i, l := range h.Lines {
			if !strings.HasPrefix(l, "-") {
				continue
			}
			for _, next := range h.Lines[i+1:] {
				if strings.HasPrefix(next, " ") {
					if n := find(next[1:]); n > 0 {
						return n
					}
				}
			}
		}
	}
	return 0
}

// display is a rebased path as reports show it: relative to the
// repository root, or $HOME/….
func display(p string) string { return strings.TrimPrefix(p, repoVar+"/") }

func signedTokens(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n) + " tokens"
	}
	return strconv.Itoa(n) + " tokens"
}
