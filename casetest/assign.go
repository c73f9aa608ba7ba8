package casetest

import (
	"sort"
)

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
