package check

import (
	"io"
	"strings"
	"sync"

	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/sources"
)

// virtualHome is the home of a check that supplies none: an empty
// directory that exists only in the check's view (written $HOME in
// goldens).
const virtualHome = "/promptc-check/home"

// pinnedPath is the PATH of every build (skills' required programs are
// looked up in it).
const pinnedPath = "/usr/local/bin:/usr/bin:/bin"

// checkEnv is the environment of one check's build: only its variables,
// its working directory and home, its date, no standard input, the run's
// rootsFS and the run's memo (compiled plans shared by its checks).
type checkEnv struct {
	vars map[string]string
	dir  string
	home string
	date string
	fsys sources.FS
	memo *memo
}

var (
	_ host.Env        = (*checkEnv)(nil)
	_ host.FileSystem = (*checkEnv)(nil)
	_ host.Memoizer   = (*checkEnv)(nil)
)

func (e *checkEnv) Getenv(k string) string          { return e.vars[k] }
func (e *checkEnv) Getwd() (string, error)          { return e.dir, nil }
func (e *checkEnv) Home() string                    { return e.home }
func (e *checkEnv) Today() string                   { return e.date }
func (e *checkEnv) Stdin() io.Reader                { return strings.NewReader("") }
func (e *checkEnv) FS() sources.FS                  { return e.fsys }
func (e *checkEnv) Memo(k string, f func() any) any { return e.memo.get(k, f) }

// memo is a map of values computed once each, safe for concurrent use.
type memo struct {
	mu sync.Mutex
	m  map[string]func() any
}

func newMemo() *memo { return &memo{m: map[string]func() any{}} }

func (m *memo) get(key string, compute func() any) any {
	m.mu.Lock()
	f, ok := m.m[key]
	if !ok {
		f = sync.OnceValue(compute)
		m.m[key] = f
	}
	m.mu.Unlock()
	return f()
}
