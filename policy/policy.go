// Package policy says whether a platform policy is in force, from the
// system and user layers alone: no pipeline is compiled and no other file
// is read, so the answer stands when the build itself fails (a broken
// layer, a lock a project layer breaks, a timeout). Integrations ask it to
// decide between refusing a run and falling back to the agent's own
// prompt.
//
// Contract:
//   - A section is policy when a layer marks it locked: true,
//     required: true or final: true, at the top of the layer or in any
//     part of its for:
//     map (every part counts, whatever pipeline it selects: over-counting
//     refuses, under-counting would fall back).
//   - on_failure: block in any layer makes the answer block; no lower or
//     higher layer can relax it. Otherwise on_failure: fallback in a layer
//     makes it fallback; otherwise it is block when a policy section
//     exists and fallback when none does.
//   - A layer that is not valid YAML cannot say what it holds: it is
//     listed as unreadable, and counts as policy (block) when its text
//     mentions locked, required, final or on_failure, since a typo in the
//     company layer must not switch its policy off.
package policy

import (
	"fmt"
	"maps"
	"slices"

	"github.com/promptc/promptc/internal/lazyre"
	"github.com/promptc/promptc/internal/yamlpos"
)

// Modes of on_failure.
const (
	Block    = "block"
	Fallback = "fallback"
)

// Layer is one layer file as read: its path and its bytes.
type Layer struct {
	Path string
	Data []byte
}

// Section is a section a layer made policy.
type Section struct {
	ID       string `json:"id"`
	Locked   bool   `json:"locked,omitempty"`
	Required bool   `json:"required,omitempty"`
	Final    bool   `json:"final,omitempty"`
	// At is where the layer marked it (file:line:col): its locked key,
	// else its required key, else its final key.
	At string `json:"at"`
}

// Unreadable is a layer that is not valid YAML.
type Unreadable struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// Report is the policy in force.
type Report struct {
	// OnFailure is Block or Fallback: what an integration does when it
	// cannot build this run's prompt.
	OnFailure string `json:"on_failure"`
	// OnFailureBy is where on_failure was set (file:line:col), or "" when
	// it follows from the sections.
	OnFailureBy string       `json:"on_failure_by,omitempty"`
	Sections    []Section    `json:"sections"`
	Unreadable  []Unreadable `json:"unreadable,omitempty"`
}

// mentionsPolicy finds the policy keys in a layer that does not parse.
// (compiled on first use: the package allocates nothing at start-up).
var mentionsPolicy = lazyre.New(`(?m)^\s*(locked|required|final|on_failure)\s*:`)

// Scan reads the layers, lowest precedence first, and returns the policy
// they put in force. Errors in on_failure's value are reported as
// unreadable (and block), never ignored.
func Scan(layers []Layer) Report {
	r := Report{Sections: []Section{}}
	blockBy, fallbackBy := "", ""
	suspect := false
	for _, l := range layers {
		m, ix, diags := yamlpos.Parse(l.Path, l.Data)
		if diags.HasErrors() {
			r.Unreadable = append(r.Unreadable, Unreadable{Path: l.Path, Error: diags[0].String()})
			suspect = suspect || mentionsPolicy().Match(l.Data)
			continue
		}
		if v, ok := m["on_failure"]; ok {
			at := ix.Lookup("/on_failure").String()
			switch v {
			case Block:
				if blockBy == "" {
					blockBy = at
				}
			case Fallback:
				fallbackBy = at
			default:
				r.Unreadable = append(r.Unreadable, Unreadable{Path: l.Path, Error: fmt.Sprintf("%s: on_failure: want block or fallback, got %v", at, v)})
				suspect = true
			}
		}
		r.Sections = append(r.Sections, sections(m, "", ix)...)
		parts, _ := m["for"].(map[string]any)
		for _, sel := range slices.Sorted(maps.Keys(parts)) {
			if part, ok := parts[sel].(map[string]any); ok {
				r.Sections = append(r.Sections, sections(part, "/for/"+yamlpos.Escape(sel), ix)...)
			}
		}
	}
	switch {
	case blockBy != "":
		r.OnFailure, r.OnFailureBy = Block, blockBy
	case suspect:
		r.OnFailure = Block
	case fallbackBy != "":
		r.OnFailure, r.OnFailureBy = Fallback, fallbackBy
	case len(r.Sections) > 0:
		r.OnFailure = Block
	default:
		r.OnFailure = Fallback
	}
	return r
}

// sections are the policy sections of one layer (or part, at prefix).
func sections(m map[string]any, prefix string, ix yamlpos.Index) []Section {
	var out []Section
	secs, _ := m["sections"].(map[string]any)
	for _, id := range slices.Sorted(maps.Keys(secs)) {
		e, _ := secs[id].(map[string]any)
		s := Section{ID: id, Locked: e["locked"] == true, Required: e["required"] == true, Final: e["final"] == true}
		var key string
		switch {
		case s.Locked:
			key = "locked"
		case s.Required:
			key = "required"
		case s.Final:
			key = "final"
		default:
			continue
		}
		s.At = ix.Lookup(prefix + "/sections/" + yamlpos.Escape(id) + "/" + key).String()
		out = append(out, s)
	}
	return out
}
