package explain

import (
	"strings"

	"github.com/promptc/promptc/engine/spec"
)

// Lock is one policy mark in force: a section a layer made locked,
// required or final (spec.SectionLock), as explain reports it.
type Lock struct {
	Section string `json:"section"`
	// Kind is locked, required or final.
	Kind string `json:"kind"`
	// At is where the mark's key was written (file:line:col); Layer the
	// layer's file and Role its role (system, user, project, ...).
	At    string `json:"at"`
	Layer string `json:"layer"`
	Role  string `json:"role"`
}

// locksOf is the spec's policy marks as the report lists them, in the
// order the layers were applied; nil (left out of the JSON, no text
// block) when there are none.
func locksOf(s *spec.Spec) []Lock {
	var out []Lock
	for _, l := range s.SectionLocks() {
		out = append(out, Lock{Section: l.Section, Kind: l.Kind, At: l.At, Layer: l.Layer, Role: l.Role})
	}
	return out
}

// textLocks lists the policy marks, one line each: the section, the mark,
// where it was written and the layer's role. Nothing when there are none,
// so a report without locks reads as it always did.
func (r *Report) textLocks(b *strings.Builder) {
	if len(r.Locks) == 0 {
		return
	}
	b.WriteString("\nLocks (what no layer above may change; final: nothing from a layer above comes after it)\n")
	t := table{indent: "  "}
	for _, l := range r.Locks {
		t.add(l.Section, l.Kind, l.At, "("+l.Role+")")
	}
	t.write(b)
}
