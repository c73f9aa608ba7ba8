package spec

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// A layer over a pipeline may hold parts for some pipelines only:
//
//	for:
//	  pi:    {sections: {...}}
//	  codex: {sections: {...}}
//
// Each key is a selector, each value a partial layer. A selector matches
// the pipeline being loaded when it is one of the names the pipeline
// answers to (its family): the name: of every pipeline on its extends
// chain, each also without its @version, and the names the host adds
// (LoadSettings.Family: the built-in aliases). A matching part is merged
// right after the rest of its layer, at the layer's precedence; a part
// for another pipeline is skipped and reported as an ignored layer.

// chainFamily is the family of the base chain (deepest first): the name:
// of each pipeline on it, also without @version, then extra.
func chainFamily(chain []parsedLayer, extra []string) []string {
	var out []string
	add := func(n string) {
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if n, ok := chain[i].m["name"].(string); ok {
			add(n)
			add(versionless(n))
		}
	}
	for _, n := range extra {
		add(n)
		add(versionless(n))
	}
	return out
}

func versionless(name string) string {
	agent, _, _ := strings.Cut(name, "@")
	return agent
}

// steeringKeys are read before decoding and mean nothing inside a part.
var steeringKeys = []string{"pipeline", "default_pipeline", "on_failure", "extends", "for"}

// scopeParts takes l's for: map out of it and returns the parts that
// apply to a pipeline of family (named base in reports), and the reports
// of those that do not.
func scopeParts(l parsedLayer, family []string, base string, diags *diag.List) ([]parsedLayer, []LayerReport) {
	v, ok := l.m["for"]
	if !ok {
		return nil, nil
	}
	delete(l.m, "for")
	byName, isMap := v.(map[string]any)
	if !isMap {
		diags.Errorf(l.ix.Lookup("/for"), "schema", "for: maps pipeline selectors to the parts of this layer for them, got %s", yamlType(v))
		return nil, nil
	}
	sels := make([]string, 0, len(byName))
	for sel := range byName {
		sels = append(sels, sel)
	}
	sort.Slice(sels, func(i, j int) bool { // in the file's order
		a, b := l.ix[yamlpos.Key("/for/"+yamlpos.Escape(sels[i]))], l.ix[yamlpos.Key("/for/"+yamlpos.Escape(sels[j]))]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return sels[i] < sels[j]
	})
	var parts []parsedLayer
	var skipped []LayerReport
	for _, sel := range sels {
		ptr := "/for/" + yamlpos.Escape(sel)
		part, isMap := byName[sel].(map[string]any)
		if !isMap {
			diags.Errorf(l.ix.Lookup(ptr), "schema", "for: %s must be a partial layer (a mapping), got %s", sel, yamlType(byName[sel]))
			continue
		}
		bad := false
		for _, k := range steeringKeys {
			if _, ok := part[k]; ok {
				diags.Errorf(keyPos(l.ix, ptr+"/"+k), "load", "%s: cannot be inside for: %s (a part is for the pipelines its selector matches)", k, sel)
				bad = true
			}
		}
		if bad {
			continue
		}
		name := l.name + " for: " + sel
		if !slices.Contains(family, sel) {
			skipped = append(skipped, LayerReport{Name: name, Role: l.role, Status: StatusIgnored, Reason: fmt.Sprintf("it is for pipeline %s, not %s", sel, base)})
			continue
		}
		parts = append(parts, parsedLayer{name: l.name, role: l.role, m: part, ix: reroot(l.ix, ptr), dir: l.dir, part: sel})
	}
	return parts, skipped
}

// reroot is the entries of ix under ptr, their pointers made relative to
// it (a part's positions as if it were a layer of its own).
func reroot(ix yamlpos.Index, ptr string) yamlpos.Index {
	out := yamlpos.Index{}
	for k, p := range ix {
		if rest, ok := strings.CutPrefix(k, ptr); ok && (rest == "" || rest[0] == '/' || rest[0] == '#') {
			out[rest] = p
		}
	}
	return out
}
