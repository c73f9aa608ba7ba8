package engine

import (
	"context"
	"fmt"
	"io/fs"
	"sync"
	"time"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
)

// Builder rebuilds one plan's prompt turn after turn, the way agents do.
// Every Build reflects the files as they are on disk at that moment, yet a
// file whose identity (size, modification and change time, inode) is
// unchanged is neither read nor parsed again; a source whose options are
// unchanged and whose every file-system fact still holds (one lstat per
// path it looked at) returns its previous output without running, and a
// section whose inputs are unchanged is not rendered again. A Builder is
// safe for concurrent use.
//
// When a rebuild fails (a source errors, ctx is cancelled), Build returns
// the last good Result — never a half-built one — together with the
// error, and that Result carries one more diagnostic saying so.
type Builder struct {
	plan  *Plan
	cache *fscache.Cache
	memo  *sourceMemo

	mu   sync.Mutex
	last *Result
}

// NewBuilder returns a Builder for plan over fsys, which must implement
// the interfaces documented on [Input.FS] (sources.OSFS() does).
func NewBuilder(plan *Plan, fsys fs.FS) (*Builder, error) {
	return NewBuilderWith(plan, fsys, BuilderOptions{})
}

// BuilderOptions tune a Builder.
type BuilderOptions struct {
	// Clock replaces time.Now for the racy-timestamp rule (a file changed
	// less than two seconds before it was read is read again next time).
	// Tests set it to see identity checks work without that rule.
	Clock func() time.Time
}

// NewBuilderWith is NewBuilder with options.
func NewBuilderWith(plan *Plan, fsys fs.FS, opts BuilderOptions) (*Builder, error) {
	v, ok := fsys.(sources.FS)
	if !ok {
		return nil, fmt.Errorf("engine: %T lacks Stat, ReadFile, ReadDir or ReadLink", fsys)
	}
	cache := fscache.New(v)
	if opts.Clock != nil {
		cache.SetClock(opts.Clock)
	}
	return &Builder{plan: plan, cache: cache, memo: newSourceMemo()}, nil
}

// Build runs the plan with params. See [Builder] for the failure contract:
// on error the returned Result is the last good one (nil before the first
// success).
func (b *Builder) Build(ctx context.Context, params map[string]any) (*Result, error) {
	res, err := b.plan.run(ctx, Input{FS: b.cache, Params: params}, b.cache, b.memo)
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
