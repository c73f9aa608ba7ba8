package pipelines

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
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
func Compile(ctx context.Context, name string, overlays []spec.Layer, sets []spec.Set) (*engine.Plan, diag.List, error) {
	base, ok := Layer(name)
	if !ok {
		return nil, nil, fmt.Errorf("no built-in pipeline %q", name)
	}
	layers := append([]spec.Layer{base}, overlays...)
	return CompileLayers(ctx, layers, sets)
}

// CompileLayers is Compile for pipelines that are not built in: layers[0]
// is the base pipeline and the rest are layers over it. A base may extend
// a built-in pipeline; to extend files too, use CompileSettings with
// Extends.
func CompileLayers(ctx context.Context, layers []spec.Layer, sets []spec.Set) (*engine.Plan, diag.List, error) {
	return CompileSettings(ctx, spec.LoadSettings{Layers: layers, Sets: sets, Extends: Extends(nil)})
}

// CompileSettings loads set and compiles it against the built-in kinds.
func CompileSettings(ctx context.Context, set spec.LoadSettings) (*engine.Plan, diag.List, error) {
	ps, ds, err := spec.Load(ctx, set)
	if err != nil || ds.HasErrors() {
		return nil, ds, err
	}
	reg, err := engine.NewRegistry(builtin.Kinds()...)
	if err != nil {
		return nil, nil, err
	}
	plan, cds := engine.Compile(ps, reg)
	return plan, append(ds, cds...), nil
}

// Extends resolves `extends: REF`: a built-in pipeline's name, else a file
// path relative to the directory of the file that extends, read with read
// (nil: built-in names only).
func Extends(read func(string) ([]byte, error)) func(ref, from string) (spec.Layer, error) {
	return func(ref, from string) (spec.Layer, error) {
		if l, ok := Layer(ref); ok {
			l.Role = spec.RoleExtends
			return l, nil
		}
		if read == nil || strings.HasPrefix(from, "pipelines/") {
			return spec.Layer{}, fmt.Errorf("no built-in pipeline %q (built in: %s)", ref, strings.Join(Names(), ", "))
		}
		p := ref
		if !path.IsAbs(p) {
			p = path.Join(path.Dir(from), p)
		}
		data, err := read(p)
		if errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(ref, `/\.`) {
			msg := fmt.Sprintf("no built-in pipeline %q and no file %s (built in: %s)", ref, p, strings.Join(Names(), ", "))
			if s := diag.DidYouMean(ref, Names()); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			return spec.Layer{}, errors.New(msg)
		}
		if err != nil {
			return spec.Layer{}, err
		}
		return spec.Layer{Name: p, Data: data, Role: spec.RoleExtends}, nil
	}
}
