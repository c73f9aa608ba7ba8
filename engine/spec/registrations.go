package spec

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// Registrations are the lists a layer adds to rather than replaces: tool
// definitions (tools:), extra resources (resources: skills, prompts,
// packages) and run-scoped transforms (transforms:). They are taken out of
// every layer before the merge and concatenated in registration order,
// which is pi's extension load order mapped onto layers: tool files
// (--tool-file) and overlays in the order given (the command line, like
// pi's -e), then the project layer, the user layer, the system layer, the
// pipeline, and the pipelines it extends (the nearest first). Within a
// layer the list order is kept.
//
// Names are settled here: the first registration of a tool name wins
// (a later layer's definition is reported as a conflict, as pi reports two
// extensions registering one tool), while a name given twice in one layer
// keeps the first position with the later definition (pi's per-extension
// map); the first registration of a transform id wins (the others are
// listed as overrides), and one id twice in one layer is an error.

// regList is one list pointer: /tools, /transforms, /resources/<kind>.
type regList struct {
	ptr string
	// key names an entry (tools: name, transforms: id); "" keeps every
	// entry (resources).
	key string
}

var regLists = []regList{
	{"/tools", "name"},
	{"/transforms", "id"},
	{"/resources/skills", ""},
	{"/resources/prompts", ""},
	{"/resources/packages", ""},
}

// regKeys are the top-level keys registrations live under.
var regKeys = []string{"tools", "transforms", "resources"}

// resourceKinds are the lists under resources:.
var resourceKinds = []string{"skills", "prompts", "packages"}

// regEntry is one registered value and where it came from.
type regEntry struct {
	value any
	layer int // index into registrations.layers
	index int // index in that layer's list
}

// regLayer is what one layer registered.
type regLayer struct {
	name, role string
	order      int // load order
	ix         yamlpos.Index
	lists      map[string][]any // list pointer -> values
}

// registrations collects the lists of every layer while loading.
type registrations struct {
	layers []*regLayer
	// placed maps, per list pointer, each entry of the placed list to
	// the layer it came from.
	placed map[string][]RegisteredBy
}

// RegisteredBy says which layer registered an entry of a list.
type RegisteredBy struct {
	Layer string // the layer's name
	Role  string // its role (RoleProject, ...)
}

// take removes the registration keys from layer m (and their positions
// from ix), checks their shape, resolves the layer's relative paths
// against dir, and keeps them for place. It reports whether the layer's
// registrations are usable.
func (rs *registrations) take(name, role, dir string, order int, m map[string]any, ix yamlpos.Index, out *diag.List) {
	var diags = &diag.List{}
	defer func() {
		diags.SortByPos()
		*out = append(*out, *diags...)
	}()
	l := &regLayer{name: name, role: role, order: order, ix: yamlpos.Index{}, lists: map[string][]any{}}
	for p, v := range ix {
		for _, k := range regKeys {
			if p == "/"+k || strings.HasPrefix(p, "/"+k+"/") || strings.HasPrefix(p, "/"+k+"#") {
				l.ix[p] = v
				delete(ix, p)
			}
		}
	}
	for _, k := range regKeys {
		v, ok := m[k]
		if !ok {
			continue
		}
		delete(m, k)
		if v == nil {
			continue
		}
		if k != "resources" {
			list, isList := v.([]any)
			if !isList {
				diags.Errorf(l.ix.Lookup("/"+k), "schema", "%s must be a list (a layer adds its entries to those of the layers below)", k)
				continue
			}
			l.lists["/"+k] = list
			continue
		}
		res, isMap := v.(map[string]any)
		if !isMap {
			diags.Errorf(l.ix.Lookup("/resources"), "schema", "resources must be a mapping of skills, prompts and packages lists")
			continue
		}
		for _, rk := range slices.Sorted(maps.Keys(res)) {
			ptr := "/resources/" + yamlpos.Escape(rk)
			list, isList := res[rk].([]any)
			switch {
			case !slices.Contains(resourceKinds, rk):
				d := diag.Diagnostic{Severity: diag.Error, Code: "schema", Pos: keyPos(l.ix, ptr), Message: fmt.Sprintf("unknown key %q", rk)}
				if s := diag.DidYouMean(rk, resourceKinds); s != "" {
					d.Hint = fmt.Sprintf("did you mean %q?", s)
				}
				*diags = append(*diags, d)
			case res[rk] == nil:
			case !isList:
				diags.Errorf(l.ix.Lookup(ptr), "schema", "resources.%s must be a list of paths", rk)
			default:
				l.lists[ptr] = resolvePaths(list, dir)
			}
		}
	}
	if list, ok := l.lists["/transforms"]; ok {
		l.lists["/transforms"] = resolveCommands(list, dir)
	}
	if role == RoleTools {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if k == "promptc" {
				continue
			}
			d := diag.Diagnostic{Severity: diag.Error, Code: "schema", Pos: keyPos(ix, "/"+yamlpos.Escape(k)),
				Message: fmt.Sprintf("a tool file holds a tools: list only; %q is not allowed here", k),
				Hint:    "put other settings in an --overlay file"}
			*diags = append(*diags, d)
			delete(m, k)
		}
	}
	rs.layers = append(rs.layers, l)
}

// resolvePaths makes the relative paths of a resources list absolute
// against dir (the layer file's directory); "~" paths, absolute paths,
// file:// URLs and values that are not strings stay as written. Without a
// dir, relative paths are left to the kind (pi resolves them against the
// working directory).
func resolvePaths(list []any, dir string) []any {
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = v
		p, ok := v.(string)
		if ok && dir != "" && p != "" && !filepath.IsAbs(p) && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "file://") {
			out[i] = filepath.Join(dir, p)
		}
	}
	return out
}

// resolveCommands makes an exec transform's program path absolute against
// dir when it is a relative path with a slash (./check.sh, bin/x); a bare
// name is looked up on PATH when the transform runs.
func resolveCommands(list []any, dir string) []any {
	if dir == "" {
		return list
	}
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = v
		t, ok := v.(map[string]any)
		if !ok {
			continue
		}
		ex, ok := t["exec"].(map[string]any)
		if !ok {
			continue
		}
		cmd, ok := ex["command"].([]any)
		if !ok || len(cmd) == 0 {
			continue
		}
		prog, ok := cmd[0].(string)
		if !ok || !strings.Contains(prog, "/") || filepath.IsAbs(prog) {
			continue
		}
		cmd = append([]any{filepath.Join(dir, prog)}, cmd[1:]...)
		ex = copyMap(ex)
		ex["command"] = cmd
		t = copyMap(t)
		t["exec"] = ex
		out[i] = t
	}
	return out
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// regRank orders layers for registration: the command line first.
var regRank = map[string]int{RoleTools: 0, RoleOverlay: 1, RoleProject: 2, RoleUser: 3, RoleSystem: 4, RoleBase: 5, RoleExtends: 6}

// ordered returns the layers in registration order.
func (rs *registrations) ordered() []int {
	idx := make([]int, len(rs.layers))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		la, lb := rs.layers[idx[a]], rs.layers[idx[b]]
		ra, rb := regRank[la.role], regRank[lb.role]
		if ra != rb {
			return ra < rb
		}
		if la.role == RoleExtends {
			return la.order > lb.order // the nearest pipeline first
		}
		return la.order < lb.order
	})
	return idx
}

// all concatenates every layer's entries of list l in registration order.
func (rs *registrations) all(l regList) []regEntry {
	var out []regEntry
	for _, li := range rs.ordered() {
		for i, v := range rs.layers[li].lists[l.ptr] {
			out = append(out, regEntry{value: v, layer: li, index: i})
		}
	}
	return out
}

// entryKey is the name or id of an entry, "" when it has none (the schema
// reports that).
func entryKey(e regEntry, key string) string {
	m, ok := e.value.(map[string]any)
	if !ok {
		return ""
	}
	s, _ := m[key].(string)
	return s
}

// winners settles names (see the package comment of this file): it
// returns the entries that stay, in registration order, and reports
// conflicts and overrides.
func (rs *registrations) winners(l regList, entries []regEntry, diags *diag.List, overrides *[]Override) []regEntry {
	if l.key == "" {
		return entries
	}
	var out []regEntry
	at := map[string]int{} // key -> index in out
	for _, e := range entries {
		k := entryKey(e, l.key)
		if k == "" {
			out = append(out, e)
			continue
		}
		i, seen := at[k]
		if !seen {
			at[k] = len(out)
			out = append(out, e)
			continue
		}
		first := out[i]
		here, there := rs.pos(e, l.ptr), rs.pos(first, l.ptr)
		switch {
		case first.layer == e.layer && l.key == "id":
			diags.Errorf(here, "transform/duplicate", "transform %q is defined twice in this file (first at %s)", k, there)
		case first.layer == e.layer:
			*diags = append(*diags, diag.Diagnostic{Severity: diag.Warning, Code: "tool/redefined", Pos: here,
				Message: fmt.Sprintf("tool %q is defined twice in this file: this definition replaces the one at %s, in its place", k, there)})
			out[i] = regEntry{value: e.value, layer: e.layer, index: e.index}
		case l.key == "name":
			*diags = append(*diags, diag.Diagnostic{Severity: diag.Warning, Code: "tool/conflict", Pos: here,
				Message: fmt.Sprintf("tool %q conflicts with %s, which registers it first: this definition is not used", k, there)})
		default:
			*overrides = append(*overrides, Override{
				Key:        strings.TrimPrefix(l.ptr, "/") + "." + k,
				Winner:     Setting{Value: first.value, At: there.String(), Layer: rs.layers[first.layer].name},
				Overridden: []Setting{{Value: e.value, At: here.String(), Layer: rs.layers[e.layer].name}},
			})
		}
	}
	return out
}

// pos is where entry e of list ptr was written.
func (rs *registrations) pos(e regEntry, ptr string) diag.Pos {
	return rs.layers[e.layer].ix.Lookup(ptr + "/" + strconv.Itoa(e.index))
}

// place writes the entries as the list at ptr into raw and their
// positions into pos, replacing what either held there, and records which
// layer registered each entry.
func (rs *registrations) place(l regList, entries []regEntry, raw map[string]any, pos yamlpos.Index) {
	slash, hash := l.ptr+"/", l.ptr+"#"
	for p := range pos {
		if p == l.ptr || strings.HasPrefix(p, slash) || strings.HasPrefix(p, hash) {
			delete(pos, p)
		}
	}
	parts := strings.Split(strings.TrimPrefix(l.ptr, "/"), "/")
	holder := raw
	for _, p := range parts[:len(parts)-1] {
		next, ok := holder[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			holder[p] = next
		}
		holder = next
	}
	leaf := parts[len(parts)-1]
	if len(entries) == 0 {
		delete(holder, leaf)
		if len(parts) > 1 && len(holder) == 0 {
			delete(raw, parts[0])
		}
		if rs.placed != nil {
			delete(rs.placed, l.ptr)
		}
		return
	}
	values := make([]any, len(entries))
	by := make([]RegisteredBy, len(entries))
	under := map[int][]ptrPos{} // each layer's positions below the list, read once
	for j, e := range entries {
		values[j] = e.value
		src := rs.layers[e.layer]
		by[j] = RegisteredBy{Layer: src.name, Role: src.role}
		below, ok := under[e.layer]
		if !ok {
			for p, v := range src.ix {
				if strings.HasPrefix(p, slash) {
					below = append(below, ptrPos{p, v})
				}
			}
			under[e.layer] = below
		}
		from := slash + strconv.Itoa(e.index)
		to := slash + strconv.Itoa(j)
		for _, b := range below {
			if rest, ok := strings.CutPrefix(b.ptr, from); ok && (rest == "" || rest[0] == '/' || rest[0] == '#') {
				pos[to+rest] = b.pos
			}
		}
		for _, anc := range []string{l.ptr, yamlpos.Key(l.ptr), "/" + parts[0], yamlpos.Key("/" + parts[0])} {
			if _, done := pos[anc]; !done {
				if v, ok := src.ix[anc]; ok {
					pos[anc] = v
				}
			}
		}
	}
	holder[leaf] = values
	if rs.placed == nil {
		rs.placed = map[string][]RegisteredBy{}
	}
	rs.placed[l.ptr] = by
}

// ptrPos is a position of a layer's index.
type ptrPos struct {
	ptr string
	pos diag.Pos
}

// placeAll places every list, all entries first (for the schema), or only
// the winners.
func (rs *registrations) placeAll(raw map[string]any, pos yamlpos.Index, settle bool, diags *diag.List, overrides *[]Override) {
	for _, l := range regLists {
		entries := rs.all(l)
		if settle {
			entries = rs.winners(l, entries, diags, overrides)
		}
		rs.place(l, entries, raw, pos)
	}
}

// setTouches reports whether a --set key addresses a registration list.
func setTouches(key string) bool {
	first, _, _ := strings.Cut(key, ".")
	return slices.Contains(regKeys, first)
}
