package spec

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// Layer roles, from lowest to highest precedence. A Layer's Role is one of
// them; "" means RoleBase for the first layer and RoleOverlay after it.
const (
	RoleBase    = "base"
	RoleExtends = "extends" // a pipeline a base (or another extends) starts from
	RoleSystem  = "system"
	RoleUser    = "user"
	RoleProject = "project"
	RoleOverlay = "overlay"
	// RoleTools is a tool file (--tool-file): a layer holding only a
	// tools: list, registered first of all.
	RoleTools = "tools"
	RoleSet   = "set"
)

// LayerReport says what became of one layer: applied, or (for layers the
// host looked for) absent or ignored, and why.
type LayerReport struct {
	Name   string `json:"path"`
	Role   string `json:"role"`
	Status string `json:"status"` // applied, absent, ignored
	Reason string `json:"reason,omitempty"`
}

// Layer statuses.
const (
	StatusApplied = "applied"
	StatusAbsent  = "absent"
	StatusIgnored = "ignored"
)

// roleRank orders roles by precedence.
var roleRank = map[string]int{RoleExtends: 0, RoleBase: 1, RoleSystem: 2, RoleUser: 3, RoleProject: 4, RoleOverlay: 5, RoleTools: 6, RoleSet: 7}

// SortLayers orders layer reports by precedence, lowest first, keeping the
// order of reports of one role.
func SortLayers(ls []LayerReport) []LayerReport {
	sort.SliceStable(ls, func(i, j int) bool { return roleRank[ls[i].Role] < roleRank[ls[j].Role] })
	return ls
}

// Setting is one layer's value for a key.
type Setting struct {
	Value any    `json:"value"`
	At    string `json:"at"` // file:line:col
	Layer string `json:"layer"`
}

// Override is a key that more than one layer set: the winning setting and
// those it overrode, lowest first. A mature builder shows every conflict
// instead of resolving it silently.
type Override struct {
	Key        string    `json:"key"` // dotted, e.g. sections.cwd.order
	Winner     Setting   `json:"winner"`
	Overridden []Setting `json:"overridden"`
}

// layering tracks, while layers are merged, what each one does: the locks
// in force, the keys set by more than one layer, and which layer first
// defined each section.
type layering struct {
	locks     locks
	overrides map[string]*Override
	order     []string
	layer     map[string]string // section id -> name of that layer
	// ranks gives each layer's place in the merge order (LayerRank).
	ranks map[string]int
}

func newLayering() *layering {
	return &layering{overrides: map[string]*Override{}, layer: map[string]string{}, ranks: map[string]int{}}
}

// dotted turns a JSON pointer into a dotted key.
func dotted(ptr string) string {
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, p := range parts {
		parts[i] = yamlpos.Unescape(p)
	}
	return strings.Join(parts, ".")
}

// at returns the value at ptr in m, if any.
func at(m map[string]any, ptr string) (any, bool) {
	var v any = m
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = mm[yamlpos.Unescape(tok)]; !ok {
			return nil, false
		}
	}
	return v, true
}

// leaves calls fn for every value of v that is not a mapping (lists are
// leaves, as a layer replaces them whole), with its pointer.
func leaves(v any, ptr string, fn func(ptr string, v any)) {
	m, ok := v.(map[string]any)
	if !ok {
		fn(ptr, v)
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		leaves(m[k], ptr+"/"+yamlpos.Escape(k), fn)
	}
}

// keyPos is where the key of the value at ptr is, else where the value
// (or its nearest ancestor) is.
func keyPos(ix yamlpos.Index, ptr string) diag.Pos {
	if p, ok := ix[yamlpos.Key(ptr)]; ok {
		return p
	}
	return ix.Lookup(ptr)
}

// check reports what layer (named name, positions ix, values m) may not do
// over the layers merged so far (below, positions pos): change a locked
// section or param, or modify a section, source or param that nothing
// below defines without defining it fully.
func (lg *layering) check(m map[string]any, ix yamlpos.Index, below map[string]any, base bool, diags *diag.List) bool {
	ok := lg.locks.check(m, ix, below, diags)
	if base {
		return ok
	}
	for _, group := range []struct{ key, needs string }{{"sections", "template"}, {"sources", "kind"}, {"params", "type"}} {
		entries, _ := m[group.key].(map[string]any)
		existing, _ := below[group.key].(map[string]any)
		for _, id := range slices.Sorted(maps.Keys(entries)) {
			if _, defined := existing[id]; defined {
				continue
			}
			if e, isMap := entries[id].(map[string]any); isMap {
				if _, full := e[group.needs]; full {
					continue
				}
			}
			d := diag.Diagnostic{Severity: diag.Error, Code: "layer/undefined", Pos: ix.Lookup(yamlpos.Key("/" + group.key + "/" + yamlpos.Escape(id))),
				Message: fmt.Sprintf("%s.%s is defined by no layer below, and this one does not define it (it has no %s)", group.key, id, group.needs)}
			if d.Pos.IsZero() {
				d.Pos = ix.Lookup("/" + group.key + "/" + yamlpos.Escape(id))
			}
			if s := diag.DidYouMean(id, slices.Sorted(maps.Keys(existing))); s != "" {
				d.Hint = fmt.Sprintf("did you mean %q?", s)
			}
			*diags = append(*diags, d)
			ok = false
		}
	}
	return ok
}

// record notes the keys layer name sets over values already set below, and
// the locks and sections the layer brings.
func (lg *layering) record(name, role string, m map[string]any, ix yamlpos.Index, below map[string]any, pos yamlpos.Index) {
	if _, seen := lg.ranks[name]; !seen {
		lg.ranks[name] = len(lg.ranks)
	}
	leaves(m, "", func(ptr string, v any) {
		was, present := at(below, ptr)
		if !present || reflect.DeepEqual(was, v) {
			return
		}
		key := dotted(ptr)
		o, seen := lg.overrides[key]
		if !seen {
			o = &Override{Key: key, Overridden: []Setting{}}
			lg.overrides[key] = o
			lg.order = append(lg.order, key)
			o.Winner = Setting{Value: was, At: pos.Lookup(ptr).String(), Layer: pos.Lookup(ptr).File}
		}
		o.Overridden = append(o.Overridden, o.Winner)
		o.Winner = Setting{Value: v, At: ix.Lookup(ptr).String(), Layer: name}
	})
	lg.locks = append(lg.locks, locksIn(m, ix, name, role)...)
	sections, _ := m["sections"].(map[string]any)
	existing, _ := below["sections"].(map[string]any)
	for id := range sections {
		if _, defined := existing[id]; !defined {
			lg.layer[id] = name
		}
	}
}

// list returns the overrides in the order their keys were first overridden.
func (lg *layering) list() []Override {
	out := make([]Override, 0, len(lg.order))
	for _, k := range lg.order {
		out = append(out, *lg.overrides[k])
	}
	return out
}
