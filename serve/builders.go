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
// (by their layers' bytes), the warm builders (by plan and cwd; package
// host keeps both caches), the tokenizers explain loaded, and one file
// cache for the pipeline, overlay and layer files requests name, so that
// an unchanged file is not read again. Every read goes through the roots.
type state struct {
	base     host.Env
	roots    *Roots
	files    sources.FS // cached, within the roots: pipeline, layer and param files
	plans    *host.PlanCache
	builders *host.BuilderCache[builderSlot]

	tokMu sync.Mutex
	toks  map[string]explain.Tokenizer
}

// builderSlot is what serve keeps beside each warm Builder: the paths its
// builds were refused by the roots, and its last build reply's JSON.
type builderSlot struct {
	// replies: the JSON of the Builder's last build reply.
	replies replyCache

	mu      sync.Mutex
	refused []string
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

// newState keeps at most maxBuilders warm builders, which watch their
// files with watch (--no-watch turns it off: they validate by stat); each
// reads the OS's files through the roots, noting what they refuse.
func newState(e host.Env, roots *Roots, maxBuilders int, watch bool) *state {
	return &state{
		base:  e,
		roots: roots,
		files: roots.FS(fscache.New(osfs.Root()), nil),
		plans: host.NewPlanCache(maxPlans),
		builders: host.NewBuilderCache(maxBuilders, watch, func(w *host.Warm[builderSlot]) sources.FS {
			return roots.FS(osfs.Root(), w.Data.refuse)
		}),
		toks: map[string]explain.Tokenizer{},
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

func (r requestEnv) Memo(key string, compute func() any) any { return r.st.plans.Memo(key, compute) }

// Builder returns the warm Builder of plan for cwd, making it on first
// use; the least recently used one is dropped past the server's maximum.
func (r requestEnv) Builder(plan *engine.Plan, cwd string) (*engine.Builder, error) {
	b, err := r.st.builders.Builder(plan, cwd)
	if err != nil {
		err = fmt.Errorf("serve: %w", err)
	}
	return b, err
}

// slot is what serve keeps beside the warm Builder of plan for cwd.
func (r requestEnv) slot(plan *engine.Plan, cwd string) *builderSlot {
	return &r.st.builders.Get(plan, cwd).Data
}
