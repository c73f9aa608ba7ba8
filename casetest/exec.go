package casetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/execrun"
)

// DefaultExecPath is the PATH a case's exec programs run with when its env
// lines set none: the caller's PATH is one of the caller's variables,
// which a case never sees.
const DefaultExecPath = "/usr/local/bin:/usr/bin:/bin"

// AllowExecFlag is the flag of promptc test that lets cases run the
// programs of their exec transforms.
const AllowExecFlag = "--allow-exec"

// errExecRefused is what an exec transform's program gets in a case run
// without permission to run programs.
var errExecRefused = errors.New("not run: promptc test runs a case's programs only with " + AllowExecFlag)

// ExecRefusedError reports a case whose build would have run a program
// (an exec transform) in a run that does not allow it: the case is a file
// like any input, and what it names is not run unless the user says so.
type ExecRefusedError struct {
	Path    string // the case file
	Program string // argv[0] of the first program refused
}

func (e *ExecRefusedError) Error() string {
	return fmt.Sprintf("%s: the build runs the exec transform program %s; promptc test runs the programs a case names only with %s (and then with the case's own variables only)",
		e.Path, e.Program, AllowExecFlag)
}

// Executor returns what runs the programs of the case's exec transforms,
// in dir (the pipeline's cwd; a dir outside the case root is replaced by
// the root). Without permission (Runner.AllowExec) it runs nothing: each
// call fails and is noted, and the runner fails the case with an
// [ExecRefusedError]. With it, a program runs with the case's variables
// and nothing else of the caller's environment (see [Env.Environ]), its
// name looked up in the case's PATH.
func (e *Env) Executor(dir string) engine.Executor {
	if dir != e.root && !strings.HasPrefix(dir, e.root+"/") {
		dir = e.root
	}
	return caseExec{env: e, dir: dir}
}

type caseExec struct {
	env *Env
	dir string
}

func (x caseExec) Exec(ctx context.Context, argv []string, stdin []byte, maxOutput int64) ([]byte, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("no program to run")
	}
	if !x.env.allowExec {
		x.env.noteRefused(argv[0])
		return nil, errExecRefused
	}
	environ := x.env.Environ()
	prog, err := lookPath(argv[0], x.env.execPath())
	if err != nil {
		return nil, err
	}
	return execrun.Runner{Dir: x.dir, Env: environ}.Exec(ctx, append([]string{prog}, argv[1:]...), stdin, maxOutput)
}

// Environ is the environment of the case's programs: its variables
// (the defaults and its env lines, $WORK expanded) as KEY=VALUE, sorted,
// with PATH=[DefaultExecPath] unless the case sets PATH.
func (e *Env) Environ() []string {
	out := make([]string, 0, len(e.vars)+1)
	for k, v := range e.vars {
		out = append(out, k+"="+v)
	}
	if _, ok := e.vars["PATH"]; !ok {
		out = append(out, "PATH="+DefaultExecPath)
	}
	sort.Strings(out)
	return out
}

func (e *Env) execPath() string {
	if p, ok := e.vars["PATH"]; ok {
		return p
	}
	return DefaultExecPath
}

// noteRefused remembers the first program a run without permission did
// not start.
func (e *Env) noteRefused(prog string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.refused == "" {
		e.refused = prog
	}
}

// refusedProgram is the first program not started, "" when none was.
func (e *Env) refusedProgram() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.refused
}

// lookPath finds prog as a shell does with path as PATH: a name with a
// slash is used as is (relative to the program's directory); a bare name
// is the first executable regular file of that name in path's absolute
// directories. The caller's own PATH plays no part.
func lookPath(prog, path string) (string, error) {
	if strings.Contains(prog, "/") {
		return prog, nil
	}
	for _, dir := range filepath.SplitList(path) {
		if !filepath.IsAbs(dir) {
			continue
		}
		p := filepath.Join(dir, prog)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("program not found in the case's PATH (%s)", path)
}
