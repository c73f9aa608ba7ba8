package spec

import (
	"maps"
	"reflect"
	"slices"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// The lock rule. A layer locks a section or a param with locked: true, and
// a section with required: true (a policy section). From the layer that
// writes it on, no higher layer (nor a --set) may give any value under the
// locked entry other than the one already merged: it may not disable,
// move, rewrite or otherwise change it, and repeating a value unchanged
// is allowed. The first change is an error, layer/locked, at the key that
// makes it: "sections.security is locked by FILE:LINE:COL". What a lock
// means after loading (a locked param no caller may set, a locked or
// required section no budget cuts) is compile's (package engine).

// lock is one locked entry.
type lock struct {
	ptr  string   // "/sections/security"
	at   diag.Pos // where locked: true (required: true) was written
	word string   // "locked" or "required"
}

// locks are the locks in force, in the order the layers wrote them.
type locks []lock

// locksIn returns the locks layer m (positions ix) writes: its sections,
// then its params, each group in key order.
func locksIn(m map[string]any, ix yamlpos.Index) []lock {
	var out []lock
	for _, group := range []string{"sections", "params"} {
		entries, _ := m[group].(map[string]any)
		for _, id := range slices.Sorted(maps.Keys(entries)) {
			ptr := "/" + group + "/" + yamlpos.Escape(id)
			e, isMap := entries[id].(map[string]any)
			switch {
			case isMap && e["locked"] == true:
				out = append(out, lock{ptr: ptr, at: keyPos(ix, ptr), word: "locked"})
			case isMap && group == "sections" && e["required"] == true:
				out = append(out, lock{ptr: ptr, at: keyPos(ix, ptr), word: "required"})
			}
		}
	}
	return out
}

// check reports the first value layer m (positions ix) changes under a
// lock in force over the layers merged below it, and whether there was
// none.
func (ls locks) check(m map[string]any, ix yamlpos.Index, below map[string]any, diags *diag.List) bool {
	ok := true
	for _, l := range ls {
		sub, present := at(m, l.ptr)
		if !present {
			continue
		}
		leaves(sub, l.ptr, func(ptr string, v any) {
			was, _ := at(below, ptr)
			if ok && !reflect.DeepEqual(was, v) {
				diags.Errorf(keyPos(ix, ptr), "layer/locked", "%s is %s by %s", dotted(l.ptr), l.word, l.at)
				ok = false
			}
		})
	}
	return ok
}

// LockedBy is where the section or param at ptr ("/params/tools") was
// locked (FILE:LINE:COL), or "" when no layer locked it.
func (s *Spec) LockedBy(ptr string) string {
	for _, l := range s.locks {
		if l.ptr == ptr {
			return l.at.String()
		}
	}
	return ""
}
