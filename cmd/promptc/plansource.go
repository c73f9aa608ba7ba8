package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
)

// planSource is where loadPlan reads pipeline and overlay files and
// whether it may reuse compiled plans.
type planSource struct {
	read func(string) ([]byte, error)
	// memo, when set, returns the value stored under key, computing and
	// storing it on first use; it must be safe for concurrent use.
	memo func(key string, compute func() any) any
	// wd is the working directory relative file names are relative to
	// ("" when unknown).
	wd string
}

// memoEnv is an env that shares values between runs: promptc test's
// cases share compiled plans, so a suite compiles each distinct pipeline
// once. A Plan is immutable and safe for concurrent use.
type memoEnv interface {
	Memo(key string, compute func() any) any
}

// hostPlanSource reads files through e and memoizes plans when e can.
func hostPlanSource(e env) planSource {
	src := planSource{read: func(n string) ([]byte, error) { return readHostFile(e, n) }}
	src.wd, _ = e.Getwd()
	if m, ok := e.(memoEnv); ok {
		src.memo = m.Memo
	}
	return src
}

type compiled struct {
	plan *engine.Plan
	ds   diag.List
	err  error
}

// compile compiles layers and sets, or returns the plan compiled before
// from the same layer names, bytes and sets.
func (src planSource) compile(ctx context.Context, layers []engine.Layer, sets []engine.Set) (*engine.Plan, diag.List, error) {
	set := engine.LoadSettings{Layers: layers, Sets: sets, Extends: pipelines.Extends(src.read)}
	if src.memo == nil {
		return pipelines.CompileSettings(ctx, set)
	}
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
	key := fmt.Sprintf("promptc/plan/%x", h.Sum(nil))
	c := src.memo(key, func() any {
		plan, ds, err := pipelines.CompileSettings(ctx, set)
		return compiled{plan, ds, err}
	}).(compiled)
	return c.plan, c.ds, c.err
}

// names gives the names the base pipeline ref answers to (pipelineNames).
func (src planSource) names(ref string) []string { return pipelineNames(src.read, ref) }
