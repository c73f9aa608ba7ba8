package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/promptc/promptc/agentcapture"
	"github.com/promptc/promptc/agentrun"
	"github.com/promptc/promptc/engine"
)

// cmdRun is promptc run: it returns the agent's exit status, or promptc's
// own for a refusal. A CLI killed by a signal ends promptc by the same
// signal (after the hand-over files are removed) when promptc runs as a
// process; inside a test it returns 128+N.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer, e env) int {
	exit, err := runAgentOnce(ctx, args, stdout, stderr, e)
	if err != nil {
		var ae *agentrun.Error
		if errors.As(err, &ae) {
			fmt.Fprintf(stderr, "promptc run: %v\n", ae)
			return ae.ExitStatus()
		}
		return report(err, stderr)
	}
	if _, ok := e.(osEnv); ok && exit.Signal != 0 {
		agentrun.Raise(exit.Signal)
	}
	return exit.Code
}

// runAgentOnce builds, hands over and runs; the private directory is
// removed before it returns, whatever happened.
func runAgentOnce(ctx context.Context, args []string, stdout, stderr io.Writer, e env) (agentrun.Exit, error) {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		if len(args) == 0 {
			return agentrun.Exit{}, usageError{"run needs an AGENT: " + strings.Join(agentrun.Names(), ", ")}
		}
		err := writeNamedHelp(stdout, "run")
		return agentrun.Exit{}, err
	}
	a, err := agentrun.Lookup(args[0])
	if err != nil {
		return agentrun.Exit{}, err
	}
	mode, printOnly, own, agentArgs, err := splitRunArgs(args[1:])
	if err != nil {
		return agentrun.Exit{}, err
	}
	if err := agentrun.Conflicts(a, mode, agentArgs); err != nil {
		return agentrun.Exit{}, err
	}
	in, err := agentrun.Find(ctx, a, e.Getenv("PATH"))
	if err != nil {
		return agentrun.Exit{}, err
	}
	warn, err := agentrun.CheckVersion(in)
	if err != nil {
		return agentrun.Exit{}, err
	}
	if warn != "" {
		fmt.Fprintf(stderr, "promptc run: warning: %s\n", warn)
	}
	pipeline, base, err := runPipeline(e, in, mode)
	if err != nil {
		return agentrun.Exit{}, err
	}
	if base.version != "" {
		own = append(own, "--param", "base_version="+base.version)
	}
	res, cwd, err := buildForAgent(ctx, pipeline, own, stdout, stderr, e)
	if err != nil || res == nil {
		return agentrun.Exit{}, err
	}
	printWarnings(stderr, res.Diagnostics)
	text, err := agentrun.Added(res, base.sectionIDs, "pipelines/"+pipeline+".yaml")
	if err != nil {
		return agentrun.Exit{}, err
	}
	if a.AddNeedsBase && mode == agentrun.Add && text != "" {
		text = agentcapture.Expand(base.text, e.Home(), cwdOr(cwd, e)) + "\n\n" + text
	}
	if printOnly {
		return agentrun.Exit{}, printHandover(stdout, in, mode, text)
	}
	environ := os.Environ()
	if osE, ok := e.(interface{ Environ() []string }); ok {
		environ = osE.Environ()
	}
	child := agentrun.Child{Path: in.Path, Args: agentArgs, Env: environ, Dir: cwd}
	child.Stdin, child.Stdout, child.Stderr = runStreams(e, stdout, stderr)
	sigs, stop := agentrun.Catch()
	defer stop()
	if text == "" && mode == agentrun.Add {
		fmt.Fprintf(stderr, "promptc run: no layer adds a section to pipeline %s: %s runs with its own prompt\n", pipeline, a.Name)
		return agentrun.Run(ctx, child, sigs)
	}
	dir, err := agentrun.NewPrivateDir(e.Getenv("TMPDIR"))
	if err != nil {
		return agentrun.Exit{}, err
	}
	defer os.RemoveAll(dir)
	h, err := agentrun.Prepare(a, mode, text, dir, environ)
	if err != nil {
		return agentrun.Exit{}, err
	}
	child.Args = append(append([]string(nil), h.Args...), agentArgs...)
	child.Env = agentrun.MergeEnv(environ, h.Env)
	return agentrun.Run(ctx, child, sigs)
}

// splitRunArgs splits what follows AGENT: --mode, --print, promptc's
// build flags, and after "--" the agent's own arguments.
func splitRunArgs(args []string) (mode agentrun.Mode, printOnly bool, own, agentArgs []string, err error) {
	mode = agentrun.Add
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return mode, printOnly, own, args[i+1:], nil
		case a == "--print":
			printOnly = true
		case a == "--mode":
			if i+1 == len(args) {
				return "", false, nil, nil, usageError{"--mode needs a value: add or replace"}
			}
			i++
			a = "--mode=" + args[i]
			fallthrough
		case strings.HasPrefix(a, "--mode="):
			if mode, err = agentrun.ParseMode(strings.TrimPrefix(a, "--mode=")); err != nil {
				return "", false, nil, nil, usageError{err.Error()}
			}
		default:
			own = append(own, a)
		}
	}
	return mode, printOnly, own, nil, nil
}

// printHandover is --print: the hook and the text promptc run would hand
// over, on stdout; the agent is not started.
func printHandover(w io.Writer, in agentrun.Installed, mode agentrun.Mode, text string) error {
	_, err := fmt.Fprintf(w, "# promptc run %s --mode %s: %s %s (%s), hook %s, %d bytes\n%s", in.Agent.Command, mode, in.Agent.Name, in.Version, in.Path, in.Agent.Hook(mode), len(text), text)
	return err
}

// cwdOr is the build's cwd, else the process's.
func cwdOr(cwd string, e env) string {
	if cwd != "" {
		return cwd
	}
	wd, _ := e.Getwd()
	return wd
}

// buildForAgent builds pipeline with the build flags own, as
// `promptc build --pipeline PIPELINE OWN...` does, configuration layers
// included: the one place promptc run reaches the session code. It
// returns the result and the cwd the build was for ("" = the process's).
// With --help it prints the help and returns a nil Result.
func buildForAgent(ctx context.Context, pipeline string, own []string, stdout, stderr io.Writer, e env) (*engine.Result, string, error) {
	for _, a := range own {
		if a == "--pipeline" || strings.HasPrefix(a, "--pipeline=") {
			return nil, "", usageError{"promptc run picks the agent's pipeline itself; --pipeline is not allowed"}
		}
	}
	s, done, err := openSession(ctx, "build", append([]string{"--pipeline", pipeline}, own...), nil, 0, stdout, stderr, e)
	if err != nil || done {
		return nil, "", err
	}
	res, err := s.run(ctx)
	if err != nil {
		return nil, "", err
	}
	cwd := ""
	if s.p.has("cwd") {
		cwd, _ = s.in.Params["cwd"].(string)
	}
	return res, cwd, nil
}

// runStreams are the CLI's standard streams: the process's own files when
// promptc runs as a process (so a terminal reaches the CLI unchanged),
// else the writers given (tests).
func runStreams(e env, stdout, stderr io.Writer) (io.Reader, io.Writer, io.Writer) {
	if _, ok := e.(osEnv); ok {
		return os.Stdin, os.Stdout, os.Stderr
	}
	return e.Stdin(), stdout, stderr
}

// runBase is what a mode needs of the captured base prompt: its text
// (Gemini CLI's add mode) or the ids of the sections that render it
// (replace mode, whose pipeline is the agent's -system pipeline).
type runBase struct {
	text       string
	sectionIDs map[string]bool
	version    string
}

// runPipeline picks the pipeline a mode builds and loads the capture it
// needs: none for add mode (but Gemini CLI's), the installed version's
// for the others. A missing capture is ExitNoCapture, a corrupt one
// ExitCorruptCache, both before anything is built.
func runPipeline(e env, in agentrun.Installed, mode agentrun.Mode) (string, runBase, error) {
	a := in.Agent
	if mode == agentrun.Add && !a.AddNeedsBase {
		return a.Pipeline, runBase{}, nil
	}
	cache := agentcapture.CacheDir(e.Getenv, e.Home())
	_, text, err := agentcapture.Load(cache, a.Command, in.Version)
	var ce *agentcapture.CorruptError
	switch {
	case errors.As(err, &ce):
		return "", runBase{}, &agentrun.Error{Code: agentrun.ExitCorruptCache, Msg: ce.Error()}
	case errors.Is(err, fs.ErrNotExist):
		why := "replace mode puts the captured base prompt in place of the agent's"
		if mode == agentrun.Add {
			why = a.Name + " has no append hook: add mode hands over its captured base prompt followed by promptc's sections"
		}
		return "", runBase{}, &agentrun.Error{Code: agentrun.ExitNoCapture, Msg: fmt.Sprintf("no captured base prompt for %s %s in %s (%s); run: promptc agents capture %s", a.Name, in.Version, cache, why, a.Command)}
	case err != nil:
		return "", runBase{}, err
	}
	if mode == agentrun.Add {
		return a.Pipeline, runBase{text: text}, nil
	}
	return a.Pipeline + "-system", runBase{sectionIDs: map[string]bool{"base": true}, version: in.Version}, nil
}
