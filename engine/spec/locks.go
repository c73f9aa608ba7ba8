package spec

import (
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// The lock rule. A layer locks a section or a param with locked: true, and
// a section with required: true (a policy section) or final: true. From the layer that
// writes it on, no higher layer (nor a --set) may give any value under the
// locked entry other than the one already merged: it may not disable,
// move, rewrite or otherwise change it, and repeating a value unchanged
// is allowed. The first change is an error, layer/locked, at the key that
// makes it: "sections.security is locked by FILE:LINE:COL" (required by,
// final by). What a lock
// means after loading (a locked param no caller may set, a locked or
// required section no budget cuts) is compile's (package engine).

// Section marks: the words a layer writes on a section (each: true).
// final: true also means that no layer above the one that wrote it may
// place anything after the section (engine: checkFinal, and the run's
// check of transforms).
const (
	KindLocked   = "locked"
	KindRequired = "required"
	KindFinal    = "final"
)

// lock is one locked entry: one mark of one layer.
type lock struct {
	ptr  string   // "/sections/security"
	at   diag.Pos // where the entry's key (security:) was written
	word string   // KindLocked, KindRequired or KindFinal
	// mark is where the mark's own key (locked:) was written; layer and
	// role the layer that wrote it.
	mark        diag.Pos
	layer, role string
}

// SectionLock is one mark a layer put on a section, as config and
// explain report it.
type SectionLock struct {
	Section string `json:"section"`
	// Kind is KindLocked, KindRequired or KindFinal.
	Kind string `json:"kind"`
	// At is where the mark's key was written (file:line:col); Layer is
	// the layer's name (its path) and Role its role.
	At    string `json:"at"`
	Layer string `json:"layer"`
	Role  string `json:"role"`
}

// locks are the locks in force, in the order the layers wrote them.
type locks []lock

// locksIn returns the locks layer m (named name, role role, positions
// ix) writes: its sections, then its params, each group in key order; a
// section's marks in the order locked, required, final (a param has
// locked only). check names the first, so a section both locked and
// final is "locked by" in errors.
func locksIn(m map[string]any, ix yamlpos.Index, name, role string) []lock {
	var out []lock
	for _, group := range []string{"sections", "params"} {
		entries, _ := m[group].(map[string]any)
		words := []string{KindLocked, KindRequired, KindFinal}
		if group == "params" {
			words = words[:1]
		}
		for _, id := range slices.Sorted(maps.Keys(entries)) {
			ptr := "/" + group + "/" + yamlpos.Escape(id)
			e, _ := entries[id].(map[string]any)
			for _, w := range words {
				if e[w] == true {
					out = append(out, lock{ptr: ptr, at: keyPos(ix, ptr), word: w, mark: keyPos(ix, ptr+"/"+w), layer: name, role: role})
				}
			}
		}
	}
	return out
}

// sectionLocks lists the marks on sections, the first of each section
// and kind (a layer above may repeat one unchanged), in the order the
// layers wrote them.
func (ls locks) sectionLocks() []SectionLock {
	var out []SectionLock
	seen := map[[2]string]bool{}
	for _, l := range ls {
		id, isSection := strings.CutPrefix(l.ptr, "/sections/")
		if !isSection || seen[[2]string{id, l.word}] {
			continue
		}
		seen[[2]string{id, l.word}] = true
		out = append(out, SectionLock{Section: yamlpos.Unescape(id), Kind: l.word, At: l.mark.String(), Layer: l.layer, Role: l.role})
	}
	return out
}

// SectionLocks returns the marks (locked, required, final) in force on
// sections: the first of each section and kind, in the order the layers
// were merged. Callers must not modify it.
func (s *Spec) SectionLocks() []SectionLock { return s.sectionLocks }

// LayerRank is the place of layer name (a path, or "--set KEY") in the
// order the layers were merged, 0 first; a for: part has its layer's.
// It is -1 for a name that is no applied layer (a built-in pipeline has
// its name, and is the base).
func (s *Spec) LayerRank(name string) int {
	if r, ok := s.ranks[name]; ok {
		return r
	}
	return -1
}

// ChangedBy returns the highest-ranked layer (LayerRank) that wrote any
// key of section id, and where: the section's key in that layer when it
// wrote it, else the first of that layer's keys under it in pointer order.
// A layer above the one that added a section changes what the section
// says or where it goes by writing any of its keys.
func (s *Spec) ChangedBy(id string) (layer string, at diag.Pos) {
	ptr := "/sections/" + yamlpos.Escape(id)
	best, bestPtr := -2, ""
	for p, pos := range s.pos {
		if p != ptr && !strings.HasPrefix(p, ptr+"/") && !strings.HasPrefix(p, ptr+"#") {
			continue
		}
		if r := s.LayerRank(pos.File); r > best || (r == best && p < bestPtr) {
			best, bestPtr, layer, at = r, p, pos.File, pos
		}
	}
	if k, ok := s.pos[yamlpos.Key(ptr)]; ok && k.File == layer {
		at = k
	}
	return layer, at
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
