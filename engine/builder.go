package engine

import (
	"context"
	"fmt"
	"io/fs"
	"sync"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
)

// Builder rebuilds one plan's prompt turn after turn, the way agents do.
// Every Build reflects the files as they are on disk at that moment, yet a
// file whose size, modification time and inode are unchanged is neither
// read nor parsed again. A Builder is safe for concurrent use.
//
// When a rebuild fails (a source errors, ctx is cancelled), Build returns
// the last good Result — never a half-built one — together with the
// error, and that Result carries one more diagnostic saying so.
type Builder struct {
	plan  *Plan
	cache *fscache.Cache

	mu   sync.Mutex
	last *Result
}

// NewBuilder returns a Builder for plan over fsys, which must implement
// the interfaces documented on [Input.FS] (sources.OSFS() does).
func NewBuilder(plan *Plan, fsys fs.FS) (*Builder, error) {
	v, ok := fsys.(sources.FS)
	if !ok {
		return nil, fmt.Errorf("engine: %T lacks Stat, ReadFile, ReadDir or ReadLink", fsys)
	}
	return &Builder{plan: plan, cache: fscache.New(v)}, nil
}

// Build runs the plan with params. See [Builder] for the failure contract:
// on error the returned Result is the last good one (nil before the first
// success).
func (b *Builder) Build(ctx context.Context, params map[string]any) (*Result, error) {
	res, err := b.plan.Run(ctx, Input{FS: b.cache, Params: params})
	b.mu.Lock()
	defer b.mu.Unlock()
	if err == nil {
		// A pipeline fallback is served but is not a good prompt to fall
		// back on later.
		if !res.Fallback {
			b.last = res
		}
		return res, nil
	}
	if b.last == nil {
		return nil, err
	}
	fallback := *b.last
	fallback.Diagnostics = append(append(diag.List(nil), b.last.Diagnostics...), diag.Diagnostic{
		Severity: diag.Warning, Code: "build/fallback",
		Message: "rebuild failed; serving the last good prompt: " + err.Error(),
	})
	return &fallback, err
}

// Reads reports how many files and directories the Builder has read from
// disk so far; a warm rebuild over unchanged files adds none.
func (b *Builder) Reads() int { return b.cache.Reads() }
