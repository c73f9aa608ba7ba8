package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/promptc/promptc/casetest"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/internal/sourcedate"
	"github.com/promptc/promptc/sources"
)

// captureEnv is e with builds reading through a Capture.
type captureEnv struct {
	env
	fs *casetest.Capture
}

func (c captureEnv) FS() sources.FS { return c.fs }

// cmdRecord snapshots a real build into a case file: promptc record
// [build flags] OUT.txtar. The build runs as promptc build would, reading
// through a Capture; every file it read or found (and each symlink on the
// way) goes into the case, rebased under $WORK, with the variables its
// params read; the case is then run in its sandbox and its prompt written
// as want. The list of what was captured goes to stderr. When the
// sandboxed prompt, with $WORK put back, is not the real one, the
// difference is printed and the exit status is 1. On SIGINT or SIGTERM
// the build or the replay stops, the replay's case directory is removed,
// and the status is 128 plus the signal's number; the case file is
// written whole or not at all.
func cmdRecord(ctx context.Context, args []string, stdout, stderr io.Writer, e env) (err error) {
	ctx, stop := onInterrupt(ctx)
	defer func() {
		if ierr := stop(); ierr != nil {
			err = ierr
		}
	}()
	if len(args) == 1 && (args[0] == "--help" || args[0] == "-help" || args[0] == "-h") {
		return writeNamedHelp(stdout, "record")
	}
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".txtar") {
		return usageError{"record: the last argument must be the case file to write, OUT.txtar"}
	}
	out, buildArgs := args[len(args)-1], args[:len(args)-1]
	if _, _, err := casetest.CheckCaseTarget(out); err != nil {
		return usageError{"record: " + err.Error()}
	}
	capture := casetest.NewCapture(host.FS(e))
	s, done, err := openSession(ctx, "build", buildArgs, nil, 0, stdout, stderr, captureEnv{e, capture})
	if err != nil || done {
		return err
	}
	res, err := s.plan.Run(ctx, s.in)
	if err != nil {
		return err
	}
	printWarnings(stderr, res.Diagnostics)
	rec, err := recording(e, s, capture, buildArgs)
	if err != nil {
		return err
	}
	cs, captured, root, err := rec.Spec()
	if err != nil {
		return err
	}
	real, err := buildOf(res)
	if err != nil {
		return err
	}
	if root != "/" {
		// The want is the real prompt, rebased: the replay then compares
		// once, and a diff (a token count of the whole prompt) is made
		// only when the case does not reproduce it.
		cs.Prompt = []byte(strings.ReplaceAll(real.Prompt, root, "$WORK"))
	}
	data, err := cs.Format()
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o777); err != nil {
		return err
	}
	if err := casetest.WriteCaseFile(out, data); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	writeCaptured(stderr, out, root, captured)
	return checkReplay(ctx, out, root, real, stderr)
}

// recording gathers what the case must reproduce of e.
func recording(e env, s *session, capture *casetest.Capture, args []string) (*casetest.Recording, error) {
	wd, err := e.Getwd()
	if err != nil {
		return nil, fmt.Errorf("working directory: %w", err)
	}
	var vars []casetest.EnvVar
	seen := map[string]bool{"HOME": true, "PWD": true, sourcedate.Var: true}
	for _, k := range envNames(s.plan) {
		if v := e.Getenv(k); v != "" && !seen[k] {
			seen[k] = true
			vars = append(vars, casetest.EnvVar{Key: k, Value: v})
		}
	}
	// A system or user layer the build applied was captured like any file
	// it read; the case points at it. One that was absent stays absent: the
	// case's defaults look inside the case.
	for _, l := range s.plan.Spec().Layers {
		switch l.Role {
		case spec.RoleSystem:
			vars = append(vars, casetest.EnvVar{Key: host.EnvSystemConfig, Value: l.Name})
		case spec.RoleUser:
			vars = append(vars, casetest.EnvVar{Key: host.EnvUserConfig, Value: l.Name})
		}
	}
	epoch := e.Getenv(sourcedate.Var)
	if epoch == "" {
		day, err := time.Parse(time.DateOnly, e.Today())
		if err != nil {
			return nil, err
		}
		epoch = fmt.Sprint(day.Unix())
	}
	vars = append(vars, casetest.EnvVar{Key: sourcedate.Var, Value: epoch})
	return &casetest.Recording{
		FS:       host.FS(e),
		Accesses: capture.Accesses(),
		Wd:       filepath.ToSlash(wd),
		Home:     filepath.ToSlash(e.Home()),
		Args:     args,
		Env:      vars,
		Doc:      "Recorded with promptc record. Say here what this case shows.",
	}, nil
}

// writeCaptured lists what went into the case, so that the user can see
// what would leave the machine with it.
func writeCaptured(w io.Writer, out, root string, captured []casetest.Captured) {
	fmt.Fprintf(w, "promptc record: wrote %s ($WORK is %s), holding:\n", out, root)
	for _, c := range captured {
		switch c.Kind {
		case "file":
			fmt.Fprintf(w, "  file     %s\n", c.Case)
		case "empty":
			fmt.Fprintf(w, "  empty    %s (only probed; its content is not copied)\n", c.Case)
		case "dir":
			fmt.Fprintf(w, "  dir      %s\n", c.Case)
		case "symlink":
			fmt.Fprintf(w, "  symlink  %s -> %s\n", c.Case, c.Target)
		}
	}
	fmt.Fprintf(w, "Review them before you share the case: file contents are copied into it.\n")
}

// checkReplay runs the new case in its sandbox, writing its prompt as
// want, and checks that with $WORK put back it is the real prompt.
func checkReplay(ctx context.Context, out, root string, real *casetest.Build, stderr io.Writer) error {
	r := &casetest.Runner{
		Report: report, Warn: printWarnings,
		Update:   true,
		Parallel: 1,
		// The prompts are compared below; a diff of the whole prompt
		// against the want the case was written with is not needed.
		NoDiff: true,
		// The user's own build just ran these programs; the replay runs
		// them again, with the case's variables only.
		AllowExec: true,
	}
	res := r.Run(ctx, []casetest.CaseFile{{Path: out, Name: strings.TrimSuffix(filepath.Base(out), ".txtar")}})[0]
	if res.Status == casetest.Errored || res.Status == casetest.Failed && !res.Updated {
		return fmt.Errorf("record: the case does not run: %s", res.Message)
	}
	data, err := casetest.ReadCaseFile(out)
	if err != nil {
		return err
	}
	c, err := casetest.Parse(out, res.Name, data)
	if err != nil {
		return err
	}
	want, _ := c.Want()
	replayed := strings.TrimSuffix(string(want), "\n")
	if root == "/" {
		replayed = strings.ReplaceAll(replayed, "$WORK/", "/")
	}
	replayed = strings.ReplaceAll(replayed, "$WORK", root)
	if replayed == real.Prompt {
		fmt.Fprintf(stderr, "The case reproduces the prompt (promptc test %s passes).\n", out)
		return nil
	}
	fmt.Fprintf(stderr, "promptc record: in its sandbox the case builds another prompt than this one (its want is what it builds):\n")
	d := casetest.Compare(&casetest.Build{Prompt: replayed}, real, casetest.NewTokenCounter(""), nil)
	if d != nil {
		_ = d.Write(stderr, "    ", func(p string) string { return p })
	}
	return failedError{}
}

// buildOf is a run's Result as a casetest.Build (promptc diff compares
// two of them too).
func buildOf(res *engine.Result) (*casetest.Build, error) { return casetest.BuildOf(res) }
