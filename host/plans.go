package host

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/pipelines"
)

// planSource is where loadPlan reads pipeline and overlay files and how
// it reuses compiled plans.
type planSource struct {
	read func(string) ([]byte, error)
	// memo returns the value stored under key, computing and storing it
	// on first use; it is safe for concurrent use.
	memo func(key string, compute func() any) any
	// wd is the working directory relative file names are relative to
	// ("" when unknown).
	wd string
}

// plans is a Host's own plan memo, used when its Env keeps none: the
// compiles of one session (reading the command line, then opening)
// share their plan.
type plans struct {
	mu sync.Mutex
	m  map[string]any
}

func (p *plans) memo(key string, compute func() any) any {
	p.mu.Lock()
	defer p.mu.Unlock()
	if v, ok := p.m[key]; ok {
		return v
	}
	if p.m == nil {
		p.m = map[string]any{}
	}
	v := compute()
	p.m[key] = v
	return v
}

// source reads files through h's Env and memoizes plans in the Env's
// [Memoizer], else in h.
func (h *Host) source() planSource {
	src := planSource{read: func(n string) ([]byte, error) { return ReadFile(h.Env, n) }, memo: h.plans.memo}
	src.wd, _ = h.Env.Getwd()
	if m, ok := h.Env.(Memoizer); ok {
		src.memo = m.Memo
	}
	return src
}

type compiled struct {
	plan *engine.Plan
	ds   diag.List
	err  error
}

// compile compiles layers and sets for a base of family (the names it
// answers to: a layer's for: parts for them apply), or returns the plan
// compiled before from the same layer names, bytes, sets and family.
func (src planSource) compile(ctx context.Context, layers []spec.Layer, sets []spec.Set, family []string) (*engine.Plan, diag.List, error) {
	set := spec.LoadSettings{Layers: layers, Sets: sets, Extends: pipelines.Extends(src.read), Family: family}
	h := sha256.New()
	field := func(s string) {
		_ = binary.Write(h, binary.LittleEndian, uint64(len(s)))
		h.Write([]byte(s))
	}
	for _, l := range layers {
		field(l.Name)
		field(l.Role)
		field(l.Dir)
		field(string(l.Data))
	}
	for _, s := range sets {
		field(s.Key)
		field(s.Value)
	}
	for _, f := range family {
		field(f)
	}
	key := fmt.Sprintf("promptc/plan/%x", h.Sum(nil))
	c := src.memo(key, func() any {
		plan, ds, err := pipelines.CompileSettings(ctx, set)
		return compiled{plan, ds, err}
	}).(compiled)
	return c.plan, c.ds, c.err
}

// names gives the names the base pipeline ref answers to (pipelineNames).
func (src planSource) names(ref string) []string { return pipelineNames(src.read, ref) }

// layerStack is what one compile loads: the base pipeline (a built-in
// NAME or a FILE), the configuration layers that apply, overlay and tool
// files and --set overrides.
type layerStack struct {
	base      string
	config    []spec.Layer
	overlays  []string
	toolFiles []string
	sets      []string
}

// loadPlan loads and compiles st. File problems are errors; pipeline
// problems are diagnostics.
func loadPlan(ctx context.Context, src planSource, st layerStack) (*engine.Plan, diag.List, error) {
	baseLayer, err := baseLayer(src, st.base)
	if err != nil {
		return nil, nil, err
	}
	layers := append([]spec.Layer{baseLayer}, st.config...)
	for _, o := range st.overlays {
		data, err := src.read(o)
		if err != nil {
			return nil, nil, fmt.Errorf("reading overlay: %w", err)
		}
		layers = append(layers, spec.Layer{Name: filepath.ToSlash(o), Data: data, Role: spec.RoleOverlay})
	}
	tools, err := toolFileLayers(src, st.toolFiles)
	if err != nil {
		return nil, nil, err
	}
	layers = withDirs(append(layers, tools...), src.wd)
	var setList []spec.Set
	for _, s := range st.sets {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return nil, nil, UsageError{fmt.Sprintf("--set %q: want KEY=VALUE", s)}
		}
		setList = append(setList, spec.Set{Key: k, Value: v})
	}
	return src.compile(ctx, layers, setList, src.names(st.base))
}

// baseLayer reads the base pipeline: a built-in NAME or a FILE.
func baseLayer(src planSource, name string) (spec.Layer, error) {
	if l, ok := pipelines.Layer(name); ok {
		return l, nil
	}
	data, err := src.read(name)
	if err != nil {
		if os.IsNotExist(err) && !strings.ContainsAny(name, `/\.`) {
			msg := fmt.Sprintf("no pipeline %q (built in: %s; or give a file path)", name, strings.Join(pipelines.Names(), ", "))
			if s := diag.DidYouMean(name, pipelines.Names()); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return spec.Layer{}, UsageError{msg}
		}
		return spec.Layer{}, fmt.Errorf("reading pipeline: %w", err)
	}
	return spec.Layer{Name: filepath.ToSlash(name), Data: data, Role: spec.RoleBase}, nil
}

// toolFileLayers reads the tool files as layers of role tools.
func toolFileLayers(src planSource, files []string) ([]spec.Layer, error) {
	var out []spec.Layer
	for _, f := range files {
		data, err := src.read(f)
		if err != nil {
			return nil, fmt.Errorf("reading tool file: %w", err)
		}
		out = append(out, spec.Layer{Name: filepath.ToSlash(f), Data: data, Role: spec.RoleTools})
	}
	return out, nil
}

// withDirs gives every file layer without a Dir the absolute directory of
// its file (relative names are relative to wd), so that the paths it
// registers resolve against it. Built-in pipelines keep none.
func withDirs(layers []spec.Layer, wd string) []spec.Layer {
	out := make([]spec.Layer, len(layers))
	for i, l := range layers {
		out[i] = l
		if l.Dir != "" || builtinLayer(l.Name) {
			continue
		}
		dir := filepath.Dir(filepath.FromSlash(l.Name))
		if !filepath.IsAbs(dir) {
			if wd == "" {
				continue
			}
			dir = filepath.Join(wd, dir)
		}
		out[i].Dir = dir
	}
	return out
}

// builtinLayer reports whether name is how baseLayer names a built-in
// pipeline.
func builtinLayer(name string) bool {
	ref, ok := strings.CutPrefix(name, "pipelines/")
	if !ok {
		return false
	}
	_, ok = pipelines.Lookup(strings.TrimSuffix(ref, ".yaml"))
	return ok
}
