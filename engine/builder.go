package engine

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"reflect"
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
	watch *watch // nil: validate by stat

	mu   sync.Mutex
	last *Result
	// lastParams are the params of the last build that succeeded, and
	// lastGood whether it was that build that made last.
	lastParams map[string]any
	lastGood   bool
	// With a watch: lastGen is the watch generation when the build that
	// made last began, doneGen the latest generation a finished build
	// began at. A build that began before another finished neither
	// replaces that one's Result nor re-arms the watch with its (older)
	// facts; rearmMu orders the re-arms, rearmGen is the last one's.
	lastGen, doneGen uint64
	rearmMu          sync.Mutex
	rearmGen         uint64
}

// NewBuilder returns a Builder for plan over fsys, which must implement
// the interfaces documented on [Input.FS] (osfs.Root() does).
func NewBuilder(plan *Plan, fsys fs.FS) (*Builder, error) {
	return NewBuilderWith(plan, fsys, BuilderOptions{})
}

// BuilderOptions tune a Builder.
type BuilderOptions struct {
	// Clock replaces time.Now for the racy-timestamp rule (a file changed
	// less than two seconds before it was read is read again next time).
	// Tests set it to see identity checks work without that rule.
	Clock func() time.Time
	// Watch subscribes to file-system events for the paths the last
	// build depended on: while none arrives, a Build with the same params
	// returns the last Result with no file-system call at all. See the
	// Builder's Close. When the system cannot watch (no inotify, the
	// watch limit), the Builder validates by stat as without Watch.
	Watch bool
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
	b := &Builder{plan: plan, cache: cache, memo: newSourceMemo()}
	if opts.Watch {
		if w, err := newWatch(); err == nil {
			b.watch = w
		}
	}
	return b, nil
}

// Close stops the Builder's watcher, if it has one. The Builder still
// builds afterwards, validating by stat.
func (b *Builder) Close() error {
	b.mu.Lock()
	w := b.watch
	b.watch = nil
	b.mu.Unlock()
	if w == nil {
		return nil
	}
	return w.close()
}

// Watching reports whether the Builder's watcher is on and watching
// everything its last build depended on (the fast path is possible).
func (b *Builder) Watching() bool {
	b.mu.Lock()
	w := b.watch
	b.mu.Unlock()
	if w == nil {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.armed && !w.partial
}

// Build runs the plan with params. See [Builder] for the failure contract:
// on error the returned Result is the last good one (nil before the first
// success). A Result may be returned again by later calls (with Watch):
// do not modify it.
func (b *Builder) Build(ctx context.Context, params map[string]any) (*Result, error) {
	b.mu.Lock()
	w, last, lastParams, lastGood, lastGen := b.watch, b.last, b.lastParams, b.lastGood, b.lastGen
	b.mu.Unlock()
	var startGen uint64
	if w != nil {
		gen, ready := w.generation()
		if ready && lastGood && last != nil && gen == lastGen && reflect.DeepEqual(lastParams, params) {
			return last, nil // nothing the last build depended on changed
		}
		startGen = gen
	}
	b.cache.BeginBuild()
	res, facts, err := b.plan.run(ctx, Input{FS: b.cache, Params: params}, b.cache, b.memo, w != nil)
	b.mu.Lock()
	newest := startGen >= b.doneGen // no build that began later has finished
	if newest {
		b.doneGen = startGen
	}
	b.mu.Unlock()
	if w != nil {
		switch {
		case err != nil || !facts.complete:
			w.disarm()
		case newest && (facts.recomputed || !w.ready()):
			b.rearm(w, startGen, facts)
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if newest {
		b.lastGood = err == nil && res != nil && !res.Fallback
		if b.lastGood {
			b.lastParams = maps.Clone(params)
		}
	}
	if err == nil {
		// A pipeline fallback is served but is not a good prompt to fall
		// back on later.
		if !res.Fallback && newest {
			b.last, b.lastGen = res, startGen
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

// rearm re-arms the watch with a build's facts unless a build that began
// later has re-armed it already.
func (b *Builder) rearm(w *watch, startGen uint64, facts runFacts) {
	b.rearmMu.Lock()
	defer b.rearmMu.Unlock()
	if startGen < b.rearmGen {
		return
	}
	b.rearmGen = startGen
	w.rearm(b.cache, facts.paths, facts.listed)
}

// Reads reports how many files and directories the Builder has read from
// disk so far; a warm rebuild over unchanged files adds none.
func (b *Builder) Reads() int { return b.cache.Reads() }
