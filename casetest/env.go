package casetest

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/internal/sourcedate"
	"github.com/promptc/promptc/sources"
)

// DefaultEpoch is the SOURCE_DATE_EPOCH a case runs with unless its env
// sets one: 2026-01-01T00:00:00Z, so "today" is 2026-01-01.
const DefaultEpoch = "1767225600"

// Defaults are the environment every case starts from, $WORK standing for
// the case root; a case's env lines override them. Nothing else of the
// caller's environment is visible.
var defaults = []struct{ key, value string }{
	{"HOME", "$WORK/home"},
	{"PWD", "$WORK"},
	{"PROMPTC_SYSTEM_CONFIG", "$WORK/etc/promptc/config.yaml"},
	{sourcedate.Var, DefaultEpoch},
}

// Defaults returns the default environment of a case as KEY=VALUE lines,
// for documentation.
func Defaults() []string {
	out := make([]string, len(defaults))
	for i, d := range defaults {
		out[i] = d.key + "=" + d.value
	}
	return out
}

// Env is the environment one case's build runs in: the variables of the
// case (defaults, then its env lines, $WORK expanded), the working
// directory $PWD, the home $HOME, the date $SOURCE_DATE_EPOCH pins, an
// empty standard input and the case's sandboxed file system. It has the
// methods of the CLI's environment, so a [BuildFunc] passes it on as is.
// An Env is safe for concurrent use.
type Env struct {
	vars map[string]string
	root string
	fsys sources.FS
	memo *memo
	// allowExec lets the case's exec transforms run (see Executor).
	allowExec bool

	mu      sync.Mutex
	refused string         // the first program not run without allowExec
	result  *engine.Result // handed over by build --json (TakeResult)
}

// newEnv is the environment of c materialized at root.
func newEnv(c *Case, root string, fsys sources.FS, m *memo) *Env {
	e := &Env{vars: map[string]string{}, root: root, fsys: fsys, memo: m}
	for _, d := range defaults {
		e.vars[d.key] = strings.ReplaceAll(d.value, workVar, root)
	}
	for _, v := range c.env {
		e.vars[v.key] = v.value.expand(root)
	}
	return e
}

// Getenv returns a variable of the case, "" when unset.
func (e *Env) Getenv(key string) string { return e.vars[key] }

// Getwd returns the physical working directory, as the kernel reports
// one: $PWD made absolute against the case root, with every symlink
// resolved inside the sandbox. A PWD that does not exist is an error.
func (e *Env) Getwd() (string, error) {
	wd := e.vars["PWD"]
	if !filepath.IsAbs(wd) {
		wd = filepath.Join(e.root, wd)
	}
	wd = filepath.ToSlash(filepath.Clean(wd))
	if e.fsys == nil {
		return wd, nil
	}
	real, err := sources.Realpath(e.fsys, wd)
	if err != nil {
		return "", fmt.Errorf("PWD=%s: %w", strings.ReplaceAll(wd, e.root, workVar), err)
	}
	if fi, err := sources.Stat(e.fsys, real); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("PWD=%s: not a directory", strings.ReplaceAll(wd, e.root, workVar))
	}
	return real, nil
}

// Home returns $HOME.
func (e *Env) Home() string { return e.vars["HOME"] }

// Today returns the UTC date of $SOURCE_DATE_EPOCH, or of DefaultEpoch
// when the case sets it empty. A malformed value gives "" here and is
// reported by the CLI, which checks the variable.
func (e *Env) Today() string {
	v := e.vars[sourcedate.Var]
	if v == "" {
		v = DefaultEpoch
	}
	d, err := sourcedate.Today(v, time.Now)
	if err != nil {
		return ""
	}
	return d
}

// Stdin returns an empty reader.
func (e *Env) Stdin() io.Reader { return strings.NewReader("") }

// FS returns the case's sandbox (see the package documentation).
func (e *Env) FS() sources.FS { return e.fsys }

// Memo returns the value stored under key, computing it on first use.
// Values are shared by every case of one Runner.Run and must not depend
// on the case: the CLI keeps compiled pipelines there, keyed by the
// pipeline's bytes, so that a suite compiles each distinct pipeline once.
func (e *Env) Memo(key string, compute func() any) any {
	if e.memo == nil {
		return compute()
	}
	return e.memo.get(key, compute)
}

// TakeResult is how the CLI's build --json hands its result to the case
// instead of encoding it as JSON on stdout: the runner reads it as
// [DecodeBuild] would read that JSON ([BuildOf]), without making it.
func (e *Env) TakeResult(res *engine.Result) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.result = res
}

// takenResult is the result handed over, nil when the build printed it.
func (e *Env) takenResult() *engine.Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.result
}
