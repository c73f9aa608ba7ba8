package spec

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/go-viper/mapstructure/v2"
	"github.com/knadh/koanf/providers/confmap"
	"github.com/knadh/koanf/v2"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
	"github.com/promptc/promptc/schema"
)

// Layer is one YAML document of a pipeline: the base pipeline or an
// overlay. Later layers override earlier ones key by key; a list replaces
// the list below it.
type Layer struct {
	// Name is how diagnostics name the layer (usually its path).
	Name string
	Data []byte
	// Role says where the layer comes from (RoleBase, RoleSystem, ...);
	// "" means RoleBase for the first layer and RoleOverlay after it.
	Role string
	// Dir is the absolute directory that relative paths the layer
	// registers resolve against (resources, exec programs); usually the
	// directory of the layer's file. Empty leaves them relative.
	Dir string
	// Checked says the host vouches that this layer alone satisfies the
	// pipeline schema: it is a built-in pipeline, which the tests check.
	// A load of one checked layer, with nothing extended, layered or set
	// over it, skips the schema check; any other load runs it.
	Checked bool
}

// Set is a single `key=value` override applied after all layers. Key uses
// dots between levels ("sections.cwd.order"); Value is parsed as YAML.
type Set struct {
	Key, Value string
}

// LoadSettings says what to load.
type LoadSettings struct {
	// Layers are the base pipeline, then the layers over it, lowest
	// precedence first. A layer after the first may say which pipeline
	// family it is for (`pipeline: NAME`) and, in a system or user layer,
	// which pipeline a command that names none runs (`default_pipeline:`);
	// the host uses those to choose the base and to skip layers, the
	// engine only accepts the keys. Its parts under `for:` apply when
	// their selector is in the base's family (scope.go).
	Layers []Layer
	Sets   []Set
	// Extends resolves `extends: REF` in a pipeline file named from: a
	// built-in pipeline's name or a path relative to from. Nil makes
	// extends an error.
	Extends func(ref, from string) (Layer, error)
	// Skipped lists layers the host looked for and did not apply (absent,
	// or ignored and why), for reports.
	Skipped []LayerReport
	// Family are names the base pipeline answers to beside the name: of
	// each pipeline on its extends chain (the host's aliases: default
	// for pi@1.6.0): a layer's for: part whose selector is among them
	// applies (scope.go).
	Family []string
}

// maxExtends bounds a chain of extends.
const maxExtends = 16

// delim is koanf's key delimiter. Pipeline keys may contain dots inside
// `with:` settings, so an unprintable byte is used internally.
const delim = "\x1f"

// Load parses, merges and validates the layers. Diagnostics describe
// problems in the pipeline files (all of a phase at once); the error is
// reserved for internal failures.
func Load(ctx context.Context, set LoadSettings) (*Spec, diag.List, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	var diags diag.List
	// Type changes between layers are checked by typeClash, which can name
	// the exact key and its position; koanf merges.
	k := koanf.NewWithConf(koanf.Conf{Delim: delim})
	pos := yamlpos.Index{}
	spec := &Spec{}
	lg := newLayering()
	regs := &registrations{}
	layers, skippedParts, ds := expandExtends(set)
	diags = append(diags, ds...)
	// A document that is one layer, with nothing over it, is its own merge:
	// koanf would hand back a copy of it, so it is used as it is (only).
	alone := len(layers) == 1 && len(set.Sets) == 0
	var only map[string]any
	for i, l := range layers {
		m, ix := l.m, l.ix
		regs.take(l.name, l.role, l.dir, i, m, ix, &diags)
		below := k.Raw() // a deep copy: take it once per layer
		if ptr, was, now := typeClash(below, m, ""); ptr != "" {
			diags.Errorf(ix.Lookup(ptr), "load", "this layer changes the type of %s from %s to %s", strings.ReplaceAll(strings.TrimPrefix(ptr, "/"), "/", "."), was, now)
			continue
		}
		if !lg.check(m, ix, below, i == 0 || l.role == RoleExtends, &diags) {
			continue
		}
		lg.record(l.name, l.role, m, ix, below, pos)
		if alone {
			only = m
		} else if err := k.Load(confmap.Provider(m, ""), nil); err != nil {
			diags.Errorf(diag.Pos{File: l.name}, "load", "cannot merge over the layers below: %v", err)
			continue
		}
		pos.Merge(ix)
		if len(spec.Files) == 0 {
			spec.rootLayer = l.name
		}
		if l.part != "" {
			spec.Layers = append(spec.Layers, LayerReport{Name: l.name + " for: " + l.part, Role: l.role, Status: StatusApplied})
			continue
		}
		spec.Files = append(spec.Files, l.name)
		spec.Layers = append(spec.Layers, LayerReport{Name: l.name, Role: l.role, Status: StatusApplied})
	}
	for _, s := range set.Sets {
		where := diag.Pos{File: "--set " + s.Key}
		v, _, ds := yamlpos.Parse(where.File, []byte("v: "+s.Value))
		if ds.HasErrors() {
			diags.Errorf(where, "load", "value %q is not valid YAML", s.Value)
			continue
		}
		if s.Key == "" || strings.HasPrefix(s.Key, ".") || strings.HasSuffix(s.Key, ".") || strings.Contains(s.Key, "..") {
			diags.Errorf(where, "load", "invalid key %q", s.Key)
			continue
		}
		if setTouches(s.Key) {
			d := diag.Diagnostic{Severity: diag.Error, Code: "load", Pos: where,
				Message: fmt.Sprintf("%s is a list layers add to, which --set cannot change", s.Key),
				Hint:    "write it in an --overlay file (tools also in a --tool-file)"}
			diags = append(diags, d)
			continue
		}
		m, ix := setLayer(s.Key, v["v"], where)
		below := k.Raw()
		if !lg.check(m, ix, below, false, &diags) {
			continue
		}
		lg.record(where.File, RoleSet, m, ix, below, pos)
		if err := k.Set(strings.ReplaceAll(s.Key, ".", delim), v["v"]); err != nil {
			diags.Errorf(where, "load", "%v", err)
			continue
		}
		setPos(pos, s.Key, where)
		spec.Layers = append(spec.Layers, LayerReport{Name: where.File, Role: RoleSet, Status: StatusApplied})
	}
	spec.Layers = SortLayers(append(append(spec.Layers, skippedParts...), set.Skipped...))
	spec.Overrides = lg.list()
	spec.sectionLayer = lg.layer
	spec.locks = lg.locks
	spec.sectionLocks = lg.locks.sectionLocks()
	spec.ranks = lg.ranks
	if diags.HasErrors() {
		return nil, diags, nil
	}
	raw := only
	if raw == nil {
		raw = k.Raw()
	}
	regs.placeAll(raw, pos, false, nil, nil)
	spec.raw = raw
	var violations []schema.Violation
	if !alone || len(set.Layers) != 1 || !set.Layers[0].Checked { // see Layer.Checked
		var err error
		if violations, err = schema.Validate(raw); err != nil {
			return nil, diags, err
		}
	}
	spec.pos = pos
	if len(spec.Files) > 0 {
		if _, ok := pos[""]; !ok {
			pos[""] = diag.Pos{File: spec.Files[len(spec.Files)-1], Line: 1, Column: 1}
		}
	}
	for _, v := range violations {
		d := diag.Diagnostic{Severity: diag.Error, Code: "schema", Message: v.Message}
		if v.AtKey {
			d.Pos = spec.KeyPos(v.Pointer)
		} else {
			d.Pos = spec.Pos(v.Pointer)
		}
		if v.Unknown != "" {
			if s := diag.DidYouMean(v.Unknown, v.Allowed); s != "" {
				d.Hint = fmt.Sprintf("did you mean %q?", s)
			}
		}
		diags = append(diags, d)
	}
	if diags.HasErrors() {
		diags.SortByPos()
		return nil, diags, nil
	}
	regs.placeAll(raw, pos, true, &diags, &spec.Overrides)
	spec.registeredBy = regs.placed
	if diags.HasErrors() {
		diags.SortByPos()
		return nil, diags, nil
	}
	dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{Result: spec, TagName: "koanf", ErrorUnused: true})
	if err != nil {
		return nil, diags, err
	}
	if err := dec.Decode(raw); err != nil {
		return nil, diags, fmt.Errorf("decoding a schema-valid pipeline: %w", err)
	}
	return spec, diags, nil
}

// typeClash finds the first key (in sorted order) whose value in over has
// another YAML type than in base, and returns its JSON pointer and both
// type names. Maps are compared recursively; null matches anything.
func typeClash(base, over map[string]any, ptr string) (at, was, now string) {
	keys := make([]string, 0, len(over))
	for key := range over {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		b, ok := base[key]
		o := over[key]
		if !ok || b == nil || o == nil {
			continue
		}
		p := ptr + "/" + yamlpos.Escape(key)
		bm, bIsMap := b.(map[string]any)
		om, oIsMap := o.(map[string]any)
		if bIsMap && oIsMap {
			if at, was, now := typeClash(bm, om, p); at != "" {
				return at, was, now
			}
			continue
		}
		if bt, ot := yamlType(b), yamlType(o); bt != ot {
			return p, bt, ot
		}
	}
	return "", "", ""
}

func yamlType(v any) string {
	switch v.(type) {
	case map[string]any:
		return "a mapping"
	case []any:
		return "a list"
	case string:
		return "a string"
	case bool:
		return "a bool"
	case int64, float64, int:
		return "a number"
	}
	return fmt.Sprintf("%T", v)
}

// setPos records that --set KEY wrote the value at KEY: the positions the
// layers recorded inside that value are stale and go, and KEY and every
// ancestor no layer defined are attributed to the --set.
func setPos(pos yamlpos.Index, key string, where diag.Pos) {
	ptr := "/" + strings.ReplaceAll(key, ".", "/")
	for p := range pos {
		if p == ptr || strings.HasPrefix(p, ptr+"/") || strings.HasPrefix(p, ptr+"#") {
			delete(pos, p)
		}
	}
	for p := ptr; p != ""; p = p[:strings.LastIndexByte(p, '/')] {
		if _, ok := pos[p]; ok {
			break
		}
		pos[p] = where
		pos[yamlpos.Key(p)] = where
	}
}
