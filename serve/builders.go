package serve

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// state is what the [Service] keeps between requests: the compiled plans
// (by their layers' bytes), the warm builders (by plan and cwd), the
// tokenizers explain loaded, and one file cache for the pipeline,
// overlay and layer files requests name, so that an unchanged file is
// not read again. Every read goes through the roots.
type state struct {
	base     host.Env
	roots    *Roots
	files    sources.FS // cached, within the roots: pipeline, layer and param files
	plans    *LRU[string, any]
	builders *LRU[builderKey, *builderSlot]
	// watch: builders watch their files (BuilderOptions.Watch), so an
	// unchanged turn makes no file-system call; --no-watch turns it off.
	watch bool

	tokMu sync.Mutex
	toks  map[string]explain.Tokenizer
}

type builderKey struct {
	plan *engine.Plan
	cwd  string
}

// builderSlot makes a Builder once per key, outside the LRU's lock,
// notes the paths its builds were refused by the roots and keeps its
// last build reply's JSON.
type builderSlot struct {
	once sync.Once
	b    *engine.Builder
	err  error

	// replies: the JSON of the Builder's last build reply.
	replies replyCache

	mu      sync.Mutex
	refused []string
	// dropped: the LRU let the slot go; its Builder's watcher is closed
	// (a Builder still being made is made without one).
	dropped bool
}

// drop closes the slot's watcher once the LRU has dropped it; a request
// still using the Builder goes on validating by stat.
func (s *builderSlot) drop() {
	s.mu.Lock()
	s.dropped = true
	b := s.b
	s.mu.Unlock()
	if b != nil {
		b.Close()
	}
}

func (s *builderSlot) refuse(p string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.refused) < 1000 && !slices.Contains(s.refused, p) {
		s.refused = append(s.refused, p)
	}
}

// takeRefused returns and forgets the refused paths noted so far.
func (s *builderSlot) takeRefused() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.refused
	s.refused = nil
	return out
}

// maxPlans bounds the compiled plans kept (each is small next to a
// builder's cache).
const maxPlans = 64

func newState(e host.Env, roots *Roots, maxBuilders int, watch bool) *state {
	return &state{
		base:     e,
		roots:    roots,
		files:    roots.FS(fscache.New(osfs.Root()), nil),
		plans:    NewLRU[string, any](maxPlans),
		builders: NewLRU[builderKey, *builderSlot](maxBuilders).OnEvict((*builderSlot).drop),
		watch:    watch,
		toks:     map[string]explain.Tokenizer{},
	}
}

// tokenizer returns explain's tokenizer name, loading it once.
func (st *state) tokenizer(name string) (explain.Tokenizer, error) {
	st.tokMu.Lock()
	defer st.tokMu.Unlock()
	if t, ok := st.toks[name]; ok {
		return t, nil
	}
	t, err := explain.NewTokenizer(name)
	if err != nil {
		return nil, err
	}
	st.toks[name] = t
	return t, nil
}

// requestEnv is the environment of every request: the server's
// variables, working directory and home, no standard input, the roots'
// file system and the shared plans. As [host.Builders] it hands out the
// shared warm builders.
type requestEnv struct{ st *state }

var (
	_ host.Env        = requestEnv{}
	_ host.FileSystem = requestEnv{}
	_ host.Memoizer   = requestEnv{}
	_ host.Builders   = requestEnv{}
)

func (r requestEnv) Getenv(k string) string { return r.st.base.Getenv(k) }
func (r requestEnv) Getwd() (string, error) { return r.st.base.Getwd() }
func (r requestEnv) Home() string           { return r.st.base.Home() }
func (r requestEnv) Today() string          { return r.st.base.Today() }
func (r requestEnv) Stdin() io.Reader       { return strings.NewReader("") }
func (r requestEnv) FS() sources.FS         { return r.st.files }

func (r requestEnv) Memo(key string, compute func() any) any { return r.st.plans.Get(key, compute) }

// Builder returns the warm Builder of plan for cwd, making it on first
// use; the least recently used one is dropped past the server's maximum.
func (r requestEnv) Builder(plan *engine.Plan, cwd string) (*engine.Builder, error) {
	slot := r.slot(plan, cwd)
	return slot.b, slot.err
}

func (r requestEnv) slot(plan *engine.Plan, cwd string) *builderSlot {
	slot := r.st.builders.Get(builderKey{plan, cwd}, func() *builderSlot { return &builderSlot{} })
	slot.once.Do(func() {
		slot.mu.Lock()
		watch := r.st.watch && !slot.dropped
		slot.mu.Unlock()
		b, err := engine.NewBuilderWith(plan, r.st.roots.FS(osfs.Root(), slot.refuse), engine.BuilderOptions{Watch: watch})
		if err != nil {
			err = fmt.Errorf("serve: %w", err)
		}
		slot.mu.Lock()
		slot.b, slot.err = b, err
		dropped := slot.dropped
		slot.mu.Unlock()
		if dropped && b != nil {
			b.Close() // dropped while it was being made
		}
	})
	return slot
}
