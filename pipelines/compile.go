package pipelines

import (
	"context"
	"fmt"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources/builtin"
)

// Compile loads the built-in pipeline name, merges the given overlay
// layers and sets over it, and compiles it against the built-in source
// kinds. It is the one-call entry point for Go hosts:
//
//	plan, diags, err := pipelines.Compile(ctx, "default", nil, nil)
//
// Pipeline problems come back as diagnostics (plan is nil when any is an
// error); err is reserved for an unknown name or an internal failure.
func Compile(ctx context.Context, name string, overlays []engine.Layer, sets []engine.Set) (*engine.Plan, diag.List, error) {
	data, ok := Lookup(name)
	if !ok {
		return nil, nil, fmt.Errorf("no built-in pipeline %q", name)
	}
	layers := append([]engine.Layer{{Name: "pipelines/" + name + ".yaml", Data: data}}, overlays...)
	return CompileLayers(ctx, layers, sets)
}

// CompileLayers is Compile for pipelines that are not built in: layers[0]
// is the base pipeline and the rest are overlays.
func CompileLayers(ctx context.Context, layers []engine.Layer, sets []engine.Set) (*engine.Plan, diag.List, error) {
	spec, ds, err := engine.Load(ctx, engine.LoadSettings{Layers: layers, Sets: sets})
	if err != nil || ds.HasErrors() {
		return nil, ds, err
	}
	reg, err := engine.NewRegistry(builtin.Kinds()...)
	if err != nil {
		return nil, nil, err
	}
	plan, cds := engine.Compile(spec, reg)
	return plan, append(ds, cds...), nil
}
