package casetest

import (
	"strings"
)

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
