package casetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/sources"
)

// BuildFunc runs a build in-process with args (starting with "build
// --json") and a case's environment, writing what promptc would write to
// stdout and stderr, and returns the exit status. It may hand the result
// to [Env.TakeResult] instead of printing it as JSON, which the runner
// then need not decode.
type BuildFunc func(ctx context.Context, args []string, stdout, stderr io.Writer, env *Env) int

// Runner runs cases: each is materialized in a fresh directory, built in
// its own hermetic [Env] and compared byte for byte with its want. The
// zero value runs cases as promptc build does, through package host.
type Runner struct {
	// Build, when set, replaces the build through package host (tests
	// that stand in for a build).
	Build BuildFunc
	// Report prints the error of a build that failed, as the command
	// line would, and returns its exit status; nil prints its text and
	// gives 1. Warn prints a build's warnings; nil prints one per line.
	Report func(err error, stderr io.Writer) int
	Warn   func(stderr io.Writer, ds diag.List)
	// Parallel is how many cases run at once; 0 means GOMAXPROCS.
	Parallel int
	// TempDir is where the case directories are made; "" means
	// os.TempDir().
	TempDir string
	// Filter, when set, runs only the cases whose Name it matches.
	Filter *regexp.Regexp
	// Tokens counts the tokens of a diff; nil means o200k_base, loaded
	// only when a case fails.
	Tokens Counter
	// Update rewrites the want of each failing case (and writes a
	// missing one), keeping every other byte of the file. Once the
	// context of Run is done (promptc test got SIGINT or SIGTERM), no
	// case file is written.
	Update bool
	// NoDiff skips the section-grouped diff of a failing case (a token
	// count of both prompts): Result.Diff stays nil and Message says only
	// that the prompt differs. For callers that compare prompts
	// themselves, as promptc record does when it writes a want.
	NoDiff bool
	// AllowExec lets cases run the programs of their exec transforms,
	// with the case's variables only (see [Env.Executor]). Without it a
	// case whose build would start a program is an error
	// ([ExecRefusedError]), and no program starts.
	AllowExec bool
}

// Status is the outcome of a case.
type Status string

const (
	// Passed: the build printed the want.
	Passed Status = "pass"
	// Failed: the prompt differs from the want, or the build failed.
	Failed Status = "fail"
	// Errored: the case file is bad, or the case could not be set up.
	Errored Status = "error"
)

// Result is the outcome of one case.
type Result struct {
	Path    string        `json:"file"`
	Name    string        `json:"name"`
	Status  Status        `json:"status"`
	Elapsed time.Duration `json:"-"`
	// Message says what is wrong when the case did not pass: the problems
	// of a bad case file, how a build failed, or a one-line summary of
	// the diff.
	Message string `json:"message,omitempty"`
	// Diff is the section-grouped difference of a case whose prompt
	// changed; paths are written $WORK/...
	Diff *Diff `json:"diff,omitempty"`
	// Stderr is what the build printed on stderr (warnings), root written
	// $WORK.
	Stderr string `json:"stderr,omitempty"`
	// Updated is set when Update rewrote the want.
	Updated bool `json:"updated,omitempty"`
}

// Run runs the cases, Parallel at a time, and returns their results in the
// order of files (cases Filter leaves out are absent).
func (r *Runner) Run(ctx context.Context, files []CaseFile) []Result {
	var todo []CaseFile
	for _, f := range files {
		if r.Filter == nil || r.Filter.MatchString(f.Name) {
			todo = append(todo, f)
		}
	}
	tokens := r.Tokens
	if tokens == nil {
		tokens = newLazyTokens("")
	}
	n := r.Parallel
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	m := &memo{}
	results := make([]Result, len(todo))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(n, len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := ctx.Err(); err != nil {
					results[i] = Result{Path: todo[i].Path, Name: todo[i].Name, Status: Errored, Message: fmt.Sprintf("%s: not run: %v", todo[i].Path, err)}
					continue
				}
				results[i] = r.runCase(ctx, todo[i], tokens, m)
			}
		}()
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

func (r *Runner) runCase(ctx context.Context, cf CaseFile, tokens Counter, m *memo) (res Result) {
	start := time.Now()
	res = Result{Path: cf.Path, Name: cf.Name}
	defer func() {
		if v := recover(); v != nil { // a bug: report it as the case's error, run the others
			res.Status, res.Message = Errored, fmt.Sprintf("%s: internal error: %v", cf.Path, v)
		}
	}()
	r.caseResult(ctx, cf, tokens, m, &res)
	res.Elapsed = time.Since(start)
	return res
}

func (r *Runner) caseResult(ctx context.Context, cf CaseFile, tokens Counter, m *memo, res *Result) {
	fail := func(s Status, format string, args ...any) {
		res.Status, res.Message = s, fmt.Sprintf(format, args...)
	}
	data, err := ReadCaseFile(cf.Path)
	if err != nil {
		fail(Errored, "%v", err)
		return
	}
	c, err := Parse(cf.Path, cf.Name, data)
	if err != nil {
		fail(Errored, "%v", err)
		return
	}
	want, hasWant := c.Want()
	if !hasWant && !r.Update {
		fail(Errored, "%s:1: no want file: add -- want -- with the expected prompt (promptc test --update writes it)", cf.Path)
		return
	}
	sb, err := r.sandbox(c)
	if sb != nil {
		defer removeTree(sb.dir)
	}
	if err != nil {
		fail(Errored, "%v", err)
		return
	}
	got, stderr, err := r.build(ctx, c, sb, m)
	res.Stderr = stderr
	if re := (*ExecRefusedError)(nil); errors.As(err, &re) {
		fail(Errored, "%v", err)
		return
	}
	if err != nil {
		fail(Failed, "%v", err)
		return
	}
	if hasWant && string(want) == got.Prompt+"\n" {
		res.Status = Passed
		return
	}
	res.Status = Failed
	if hasWant && !r.NoDiff { // without a want there is nothing to diff against
		old := &Build{Prompt: strings.TrimSuffix(string(want), "\n")}
		res.Diff = Compare(old, got, tokens, sb.content)
	}
	switch {
	case !hasWant:
		res.Message = "no want file"
	case r.NoDiff:
		res.Message = "prompt differs from want"
	case res.Diff == nil:
		res.Message = "want must be the prompt followed by exactly one newline"
	default:
		res.Message = "prompt differs from want: " + res.Diff.Summary()
	}
	if r.Update {
		if err := ctx.Err(); err != nil { // stopped (SIGINT, SIGTERM): write nothing more
			res.Message += "; not updated: " + err.Error()
			return
		}
		if err := c.update([]byte(got.Prompt + "\n")); err != nil {
			res.Message += "; cannot update: " + err.Error()
			return
		}
		res.Updated = true
		if !hasWant {
			res.Message = "wrote its want"
		}
	}
}

// caseDir is a case materialized for one run.
type caseDir struct {
	dir  string // as made
	root string // its real path, slash-separated: what $WORK stands for
}

// sandbox materializes c in a fresh directory. The caller removes dir
// (also after an error, when caseDir is not nil).
func (r *Runner) sandbox(c *Case) (*caseDir, error) {
	dir, err := os.MkdirTemp(r.TempDir, "promptc-case-")
	if err != nil {
		return nil, err
	}
	sb := &caseDir{dir: dir}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return sb, err
	}
	sb.root = filepath.ToSlash(root)
	return sb, c.materialize(sb.root)
}

// content reads a file named $WORK/... of the case, for attributing a
// change to it. It reads through the case's sandbox, as the build did: a
// link out of the case dangles, and only regular files are read.
func (sb *caseDir) content(p string) ([]byte, bool) {
	rel, ok := strings.CutPrefix(p, workVar+"/")
	if !ok {
		return nil, false
	}
	data, err := sources.ReadFile(newSandbox(sb.root), sb.root+"/"+rel)
	return data, err == nil
}

// build runs c in its materialized tree and returns the build with its
// paths written $WORK/..., and stderr likewise.
func (r *Runner) build(ctx context.Context, c *Case, sb *caseDir, m *memo) (*Build, string, error) {
	env := newEnv(c, sb.root, newSandbox(sb.root), m)
	env.allowExec = r.AllowExec
	var stdout, stderr bytes.Buffer
	build := r.Build
	if build == nil {
		build = r.hostBuild
	}
	code := build(ctx, append([]string{"build", "--json"}, c.Args(sb.root)...), &stdout, &stderr, env)
	errText := strings.ReplaceAll(stderr.String(), sb.root, workVar)
	if prog := env.refusedProgram(); prog != "" { // whatever the build made of it: never compared, never written as want
		return nil, errText, &ExecRefusedError{Path: c.Path, Program: strings.ReplaceAll(prog, sb.root, workVar)}
	}
	if code != 0 {
		return nil, errText, fmt.Errorf("promptc build exited with status %d:\n%s", code, strings.TrimSuffix(errText, "\n"))
	}
	var b *Build
	var err error
	if res := env.takenResult(); res != nil {
		b, err = BuildOf(res)
	} else {
		b, err = DecodeBuild(stdout.Bytes())
	}
	if err != nil {
		return nil, errText, err
	}
	return b.replacePath(sb.root, workVar), errText, nil
}
