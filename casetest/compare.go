package casetest

import (
	"sort"
	"strings"
)

// Counter counts tokens (explain.Tokenizer has this method).
type Counter interface {
	Count(s string) int
}

// Diff is the difference between two builds of a prompt, grouped by the
// section each changed line belongs to.
type Diff struct {
	OldTokens int `json:"old_tokens"`
	NewTokens int `json:"new_tokens"`
	// Sections are the changed sections in prompt order.
	Sections []SectionDiff `json:"sections"`
}

// Change kinds of a section or a file.
const (
	Added   = "added"
	Removed = "removed"
	Changed = "changed"
)

// SectionDiff is how one section changed.
type SectionDiff struct {
	// ID is the section; "" stands for text between sections (the
	// pipeline's join text).
	ID string `json:"id"`
	// Change is Added, Removed or Changed.
	Change    string `json:"change"`
	OldTokens int    `json:"old_tokens"`
	NewTokens int    `json:"new_tokens"`
	// Why says what decided an added or removed section: its condition.
	Why string `json:"why,omitempty"`
	// Files are the files behind the section (see FileChange).
	Files []FileChange `json:"files,omitempty"`
	Hunks []Hunk       `json:"hunks"`
}

// FileChange is a file behind a changed section. When both builds have
// provenance, Change says whether the file is new to the section (Added),
// gone (Removed), of another size (Changed) or the same (""). When the
// old side is only text (a case's want), Change is "cause" for a file
// whose path or content shows in the changed lines, and "" otherwise.
type FileChange struct {
	Path   string `json:"path"`
	Change string `json:"change,omitempty"`
	// OldBytes and NewBytes are the sizes read, when both builds have them.
	OldBytes int `json:"old_bytes,omitempty"`
	NewBytes int `json:"new_bytes,omitempty"`
}

// Cause marks a file that a change is attributed to from the text alone.
const Cause = "cause"

// Hunk is a unified-diff hunk; line numbers are 1-based lines of the
// whole prompt, and Lines carry their " ", "-" or "+" prefix.
type Hunk struct {
	OldStart int      `json:"old_start"`
	OldLines int      `json:"old_lines"`
	NewStart int      `json:"new_start"`
	NewLines int      `json:"new_lines"`
	Lines    []string `json:"lines"`
}

// contextLines is how many unchanged lines surround a change in a hunk.
const contextLines = 3

// Compare returns the difference between old and new, or nil when the
// prompts are the same. new must have sections; old may have none (a
// want), and then the removed lines are given the section of the lines
// that replace them, or of the section around them, or the one inactive
// section between their neighbours. content, when not nil, returns the
// content of a file named by an origin, to attribute a change to it.
func Compare(old, new *Build, tok Counter, content func(path string) ([]byte, bool)) *Diff {
	if old.Prompt == new.Prompt {
		return nil
	}
	oldLines, newLines := splitPromptLines(old.Prompt), splitPromptLines(new.Prompt)
	ops := mergeEOL(diffLines(strings.Join(oldLines, ""), strings.Join(newLines, "")))
	oldIDs := lineSections(old, oldLines)
	newIDs := lineSections(new, newLines)
	ids := make([]string, len(ops))
	for k, op := range ops {
		switch op.kind {
		case ' ', '+':
			ids[k] = newIDs[op.new]
		case '-':
			if oldIDs != nil {
				ids[k] = oldIDs[op.old]
			}
		}
	}
	if oldIDs == nil {
		inferRemoved(ops, ids, new)
	} else {
		moveFromUnchanged(ops, ids, old, new)
	}
	d := &Diff{OldTokens: tok.Count(old.Prompt), NewTokens: tok.Count(new.Prompt)}
	var order []string
	seen := map[string]bool{}
	for k, op := range ops {
		if op.kind != ' ' && !seen[ids[k]] {
			seen[ids[k]] = true
			order = append(order, ids[k])
		}
	}
	for _, id := range order {
		d.Sections = append(d.Sections, sectionDiff(id, ops, ids, old, new, oldIDs == nil, tok, content))
	}
	return d
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

// lineSections gives each line the active section holding its first byte
// (or, for a line that starts in text between sections, the first section
// starting inside it); "" when none. It is nil for a build without
// sections.
func lineSections(b *Build, lines []string) []string {
	if b.Sections == nil {
		return nil
	}
	var spans []Section
	for _, s := range b.Sections {
		if s.Active && s.Bytes > 0 {
			spans = append(spans, s)
		}
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	out := make([]string, len(lines))
	off := 0
	for i, l := range lines {
		end := off + len(lineText(l))
		for _, s := range spans {
			if s.Start <= off && off < s.Start+s.Bytes {
				out[i] = s.ID
				break
			}
			if out[i] == "" && off < s.Start && s.Start < end {
				out[i] = s.ID
				break
			}
		}
		off = end
	}
	return out
}

// moveFromUnchanged gives the changed lines of a section whose text is
// the same in both builds (blank lines the line diff matched across a
// section boundary) to the nearest change of a section that did change.
func moveFromUnchanged(ops []lineOp, ids []string, old, new *Build) {
	same := func(id string) bool {
		o, ok1 := old.section(id)
		n, ok2 := new.section(id)
		return ok1 && ok2 && o.Active && n.Active && old.text(o) == new.text(n)
	}
	changed := func(k int) bool { return ops[k].kind != ' ' && !same(ids[k]) }
	for k, op := range ops {
		if op.kind == ' ' || !same(ids[k]) {
			continue
		}
		for d := 1; d < len(ops); d++ {
			if k-d >= 0 && changed(k-d) {
				ids[k] = ids[k-d]
				break
			}
			if k+d < len(ops) && changed(k+d) {
				ids[k] = ids[k+d]
				break
			}
		}
	}
}

// inferRemoved gives removed lines of a side without sections a section:
// in a block of changes, the k-th removed line takes the section of the
// k-th added one (the last one when there are fewer); a block of removals
// only takes the section around it, or else the one section between its
// neighbours that is inactive in new (a section that stopped applying),
// or else the section before it.
func inferRemoved(ops []lineOp, ids []string, new *Build) {
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		end := k
		var added []string
		for end < len(ops) && ops[end].kind != ' ' {
			if ops[end].kind == '+' {
				added = append(added, ids[end])
			}
			end++
		}
		n := 0
		for j := k; j < end; j++ {
			if ops[j].kind != '-' {
				continue
			}
			if len(added) > 0 {
				ids[j] = added[min(n, len(added)-1)]
				n++
				continue
			}
			ids[j] = between(ops, ids, k, end, new)
		}
		k = end
	}
}

// between picks the section of a block of removals ops[k:end].
func between(ops []lineOp, ids []string, k, end int, new *Build) string {
	prev, next := "", ""
	if k > 0 {
		prev = ids[k-1]
	}
	if end < len(ops) {
		next = ids[end]
	}
	if prev == next {
		return prev
	}
	pi, ni := -1, len(new.Sections)
	for i, s := range new.Sections {
		if s.ID == prev && prev != "" {
			pi = i
		}
		if s.ID == next && next != "" {
			ni = i
		}
	}
	var inactive []string
	for i := pi + 1; i < ni && i < len(new.Sections); i++ {
		if !new.Sections[i].Active {
			inactive = append(inactive, new.Sections[i].ID)
		}
	}
	switch {
	case len(inactive) == 1:
		return inactive[0]
	case prev != "":
		return prev
	}
	return next
}

func sectionDiff(id string, ops []lineOp, ids []string, old, new *Build, inferred bool, tok Counter, content func(string) ([]byte, bool)) SectionDiff {
	var oldText, newText strings.Builder
	var changed []string
	for k, op := range ops {
		if ids[k] != id {
			continue
		}
		text := lineText(op.text)
		if op.kind != '+' {
			oldText.WriteString(text)
		}
		if op.kind != '-' {
			newText.WriteString(text)
		}
		if op.kind != ' ' {
			changed = append(changed, text)
		}
	}
	os, oldOK := old.section(id)
	ns, newOK := new.section(id)
	oldActive, newActive := oldOK && os.Active, newOK && ns.Active
	ot, nt := oldText.String(), newText.String()
	if oldActive {
		ot = old.text(os)
	}
	if newActive {
		nt = new.text(ns)
	}
	sd := SectionDiff{ID: id, OldTokens: tok.Count(ot), NewTokens: tok.Count(nt), Hunks: hunks(id, ops, ids)}
	if inferred { // a section is there when it holds more than blank lines
		oldActive = strings.TrimSpace(ot) != ""
		newActive = strings.TrimSpace(nt) != ""
	}
	switch {
	case !oldActive && newActive:
		sd.Change = Added
	case oldActive && !newActive:
		sd.Change = Removed
	default:
		sd.Change = Changed
	}
	switch {
	case sd.Change == Removed && newOK && !ns.Active:
		sd.Why = whyInactive("now inactive", ns)
	case sd.Change == Added && oldOK && !os.Active:
		sd.Why = whyInactive("was inactive", os)
	}
	if inferred {
		sd.Files = attribute(ns.Origins, changed, content)
	} else {
		sd.Files = fileChanges(os.Origins, ns.Origins)
	}
	return sd
}

func whyInactive(prefix string, s Section) string {
	if s.When == "" {
		return prefix
	}
	w := prefix + ": " + s.When + " is false"
	if len(s.FalseTerms) > 0 {
		w += " (false: " + strings.Join(s.FalseTerms, "; ") + ")"
	}
	return w
}

// fileChanges compares the files behind a section in two builds.
func fileChanges(old, new []Origin) []FileChange {
	oldBytes := map[string]int{}
	for _, o := range old {
		oldBytes[o.Path] = o.Bytes
	}
	var out []FileChange
	seen := map[string]bool{}
	for _, o := range new {
		if seen[o.Path] {
			continue
		}
		seen[o.Path] = true
		fc := FileChange{Path: o.Path, NewBytes: o.Bytes}
		if b, ok := oldBytes[o.Path]; !ok {
			fc.Change = Added
		} else {
			fc.OldBytes = b
			if b != o.Bytes {
				fc.Change = Changed
			}
		}
		out = append(out, fc)
	}
	for _, o := range old {
		if !seen[o.Path] {
			seen[o.Path] = true
			out = append(out, FileChange{Path: o.Path, Change: Removed, OldBytes: o.Bytes})
		}
	}
	return out
}

// minMatch is the shortest changed line that attributes a change to a
// file whose content holds it: shorter ones ("", "---", "</skill>") are
// everywhere.
const minMatch = 12

// attribute marks the origins whose path appears in a changed line, or
// whose content holds a changed line.
func attribute(origins []Origin, changed []string, content func(string) ([]byte, bool)) []FileChange {
	var out []FileChange
	seen := map[string]bool{}
	for _, o := range origins {
		if seen[o.Path] {
			continue
		}
		seen[o.Path] = true
		fc := FileChange{Path: o.Path}
		var data []byte
		if content != nil {
			data, _ = content(o.Path)
		}
		for _, l := range changed {
			t := strings.TrimSpace(l)
			if strings.Contains(l, o.Path) || len(t) >= minMatch && data != nil && strings.Contains(string(data), t) {
				fc.Change = Cause
				break
			}
		}
		out = append(out, fc)
	}
	return out
}

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
