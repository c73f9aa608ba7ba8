package casetest

import (
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

// Compare returns the difference between old and new, or nil when the
// prompts are the same. new should have sections (without them, as for a
// run whose transforms changed the prompt, its lines belong to no
// section); old may have none (a want), and then the removed lines are given the section of the lines
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
	if newIDs == nil { // new's sections are unknown (a run's prompt): its lines belong to none
		newIDs = make([]string, len(newLines))
	}
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
