package spec

import (
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// parsedLayer is a layer parsed, with the keys that only steer loading
// (extends, pipeline, default_pipeline, on_failure) taken out.
type parsedLayer struct {
	name, role string
	m          map[string]any
	ix         yamlpos.Index
	dir        string // Layer.Dir
	// part, when not "", is the for: selector this partial layer of the
	// layer named name was given under (scope.go).
	part string
}

// expandExtends parses the layers and replaces the base pipeline by the
// chain it extends, deepest first. Only a pipeline file (the base, or one
// it extends) may extend; a layer over it may name the base it is for
// (pipeline:), which the host reads.
//
// A layer's parts for pipelines (for:) follow it when they apply to the
// base's family; skipped are the reports of those that do not.
func expandExtends(set LoadSettings) (out []parsedLayer, skipped []LayerReport, diags diag.List) {
	var family []string
	var base string
	for i, l := range set.Layers {
		role := l.Role
		if role == "" {
			role = RoleOverlay
			if i == 0 {
				role = RoleBase
			}
		}
		m, ix, ds := yamlpos.Parse(l.Name, l.Data)
		diags = append(diags, ds...)
		if ds.HasErrors() {
			continue
		}
		if i > 0 {
			if v, ok := m["pipeline"]; ok {
				if name, isText := v.(string); !isText || name == "" {
					diags.Errorf(ix.Lookup("/pipeline"), "schema", "pipeline: names the one base pipeline this layer is for, got %s (a layer for several pipelines is not supported: write one layer per pipeline)", yamlType(v))
				}
			}
			delete(m, "pipeline")
			if v, ok := m["default_pipeline"]; ok {
				switch name, isText := v.(string); {
				case !isText || name == "":
					diags.Errorf(ix.Lookup("/default_pipeline"), "schema", "default_pipeline: names the one pipeline a command that names none runs, got %s", yamlType(v))
				case role == RoleProject:
					diags.Errorf(keyPos(ix, "/default_pipeline"), "load", "default_pipeline: selects the pipeline in a system or user layer only; the project layer is read once the pipeline is chosen")
				}
				delete(m, "default_pipeline")
			}
			checkOnFailure(m, ix, role, &diags)
			if _, ok := m["extends"]; ok {
				diags.Errorf(ix.Lookup("/extends"), "load", "only a pipeline file may extend another; this is a layer over the pipeline (use pipeline: to say which base it is for)")
				delete(m, "extends")
			}
			pl := parsedLayer{name: l.Name, role: role, m: m, ix: ix, dir: l.Dir}
			parts, sk := scopeParts(pl, family, base, &diags)
			out = append(append(out, pl), parts...)
			skipped = append(skipped, sk...)
			continue
		}
		if _, ok := m["pipeline"]; ok {
			diags.Errorf(ix.Lookup("/pipeline"), "load", "a pipeline file names no base with pipeline:; to start from another pipeline, use extends:")
			delete(m, "pipeline")
		}
		if _, ok := m["default_pipeline"]; ok {
			diags.Errorf(keyPos(ix, "/default_pipeline"), "load", "a pipeline file selects no pipeline: default_pipeline: belongs in a system or user layer")
			delete(m, "default_pipeline")
		}
		if _, ok := m["on_failure"]; ok {
			diags.Errorf(keyPos(ix, "/on_failure"), "load", "a pipeline file sets no on_failure: it belongs in a system or user layer")
			delete(m, "on_failure")
		}
		if _, ok := m["for"]; ok {
			diags.Errorf(keyPos(ix, "/for"), "load", "a pipeline file has no parts for other pipelines: for: belongs in a layer over it")
			delete(m, "for")
		}
		chain, ds := extendChain(set, parsedLayer{name: l.Name, role: role, m: m, ix: ix, dir: l.Dir})
		diags = append(diags, ds...)
		out = append(out, chain...)
		family = chainFamily(chain, set.Family)
		base = l.Name
		if n, ok := m["name"].(string); ok && n != "" {
			base = n
		}
	}
	return out, skipped, diags
}

// extendChain follows extends from the base, returning the pipelines it
// starts from (deepest first) and then the base.
func extendChain(set LoadSettings, base parsedLayer) ([]parsedLayer, diag.List) {
	var diags diag.List
	chain := []parsedLayer{base}
	seen := map[string]bool{base.name: true}
	cur := base
	for depth := 0; ; depth++ {
		ref, ok := cur.m["extends"]
		if !ok {
			break
		}
		delete(cur.m, "extends")
		where := cur.ix.Lookup("/extends")
		name, isStr := ref.(string)
		switch {
		case !isStr || name == "":
			diags.Errorf(where, "load", "extends names a pipeline: a built-in name or a file path")
			return chain, diags
		case set.Extends == nil:
			diags.Errorf(where, "load", "extends is not available here")
			return chain, diags
		case depth >= maxExtends:
			diags.Errorf(where, "load", "extends goes more than %d pipelines deep", maxExtends)
			return chain, diags
		}
		l, err := set.Extends(name, cur.name)
		if err != nil {
			diags.Errorf(where, "load", "extends %s: %v", name, err)
			return chain, diags
		}
		if seen[l.Name] {
			names := []string{}
			for i := len(chain) - 1; i >= 0; i-- {
				names = append(names, chain[i].name)
			}
			diags.Errorf(where, "load", "extends makes a cycle: %s -> %s", strings.Join(names, " -> "), l.Name)
			return chain, diags
		}
		seen[l.Name] = true
		if l.Dir == "" && cur.dir != "" && l.Role == RoleExtends && strings.ContainsAny(name, `/\.`) {
			// A file extends a file relative to its own directory.
			l.Dir = filepath.Join(cur.dir, filepath.Dir(name))
			if filepath.IsAbs(name) {
				l.Dir = filepath.Dir(name)
			}
		}
		m, ix, ds := yamlpos.Parse(l.Name, l.Data)
		diags = append(diags, ds...)
		if ds.HasErrors() {
			return chain, diags
		}
		cur = parsedLayer{name: l.Name, role: RoleExtends, m: m, ix: ix, dir: l.Dir}
		chain = append([]parsedLayer{cur}, chain...)
	}
	return chain, diags
}

// setLayer is a --set KEY=VALUE as a layer: the nested map and the
// positions of every key on its path, all at the --set.
func setLayer(key string, v any, where diag.Pos) (map[string]any, yamlpos.Index) {
	parts := strings.Split(key, ".")
	m := map[string]any{}
	ix := yamlpos.Index{}
	cur := m
	ptr := ""
	for i, p := range parts {
		ptr += "/" + yamlpos.Escape(p)
		ix[ptr], ix[yamlpos.Key(ptr)] = where, where
		if i == len(parts)-1 {
			cur[p] = v
			break
		}
		next := map[string]any{}
		cur[p] = next
		cur = next
	}
	if sub, ok := v.(map[string]any); ok {
		leaves(sub, ptr, func(p string, _ any) { ix[p] = where })
	}
	return m, ix
}
