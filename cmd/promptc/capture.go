package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/promptc/promptc/agentcapture"
	"github.com/promptc/promptc/agentrun"
)

// runCapture is promptc agents capture.
func runCapture(ctx context.Context, args []string, stdout, stderr io.Writer, e env) int {
	err := captureOnce(ctx, args, stdout, stderr, e)
	var ae *agentrun.Error
	var fe *agentcapture.FailedError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ae):
		fmt.Fprintf(stderr, "promptc agents capture: %v\n", ae)
		return ae.ExitStatus()
	case errors.As(err, &fe):
		fmt.Fprintf(stderr, "promptc agents capture: %v\n", fe)
		return agentrun.ExitCaptureFailed
	}
	var is isolatedStatus
	if errors.As(err, &is) {
		return is.code
	}
	return report(err, stderr)
}

// isolatedStatus ends a capture whose work ran in the namespaced re-run,
// with that run's exit status.
type isolatedStatus struct{ code int }

func (isolatedStatus) Error() string { return "capture ran in a network namespace" }

func captureOnce(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	var name, model string
	var list, asJSON bool
	timeout := agentcapture.DefaultTimeout
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-h" || a == "--help":
			err := writeNamedHelp(stdout, "agents capture")
			return err
		case a == "--list":
			list = true
		case a == "--json":
			asJSON = true
		case a == "--model" || a == "--timeout":
			if i+1 == len(args) {
				return usageError{a + " needs a value"}
			}
			i++
			if a == "--model" {
				model = args[i]
				continue
			}
			d, err := time.ParseDuration(args[i])
			if err != nil || d <= 0 {
				return usageError{fmt.Sprintf("--timeout %q: want a positive duration such as 90s", args[i])}
			}
			timeout = d
		case len(a) > 0 && a[0] == '-':
			return usageError{fmt.Sprintf("agents capture: unknown flag %q", a)}
		case name != "":
			return usageError{"agents capture takes one AGENT"}
		default:
			name = a
		}
	}
	if list {
		if name != "" || model != "" {
			return usageError{"agents capture --list takes no AGENT or --model"}
		}
		return listCaptured(ctx, asJSON, stdout, e)
	}
	if name == "" {
		return usageError{"agents capture needs an AGENT: claude, codex, gemini or opencode"}
	}
	a, err := agentrun.Lookup(name)
	if err != nil {
		return err
	}
	in, err := agentrun.Find(ctx, a, e.Getenv("PATH"))
	if err != nil {
		return err
	}
	if _, err := agentrun.CheckVersion(in); err != nil {
		return err
	}
	if _, real := e.(osEnv); real && !agentcapture.InNetns() {
		code, ok, err := agentcapture.Isolated(ctx, os.Args[1:], os.Stdout, os.Stderr)
		if err != nil {
			return err
		}
		if ok {
			return isolatedStatus{code}
		}
		fmt.Fprintln(stderr, "promptc agents capture: warning: no network namespace (user namespaces are off): the CLI runs with a loopback base URL, a dummy key and telemetry off, but is not kept from other hosts")
	}
	if agentcapture.InNetns() {
		if err := agentcapture.LoopbackUp(); err != nil {
			return fmt.Errorf("bringing up loopback in the capture's network namespace: %w", err)
		}
	}
	entry, base, err := agentcapture.Capture(ctx, agentcapture.Options{Agent: a.Command, CLI: in.Path, Version: in.Version, Model: model, PATH: e.Getenv("PATH"), Timeout: timeout})
	if err != nil {
		return err
	}
	cache := agentcapture.CacheDir(e.Getenv, e.Home())
	if err := agentcapture.Store(cache, entry, base); err != nil {
		return fmt.Errorf("storing the capture: %w", err)
	}
	m := entry.Model
	if m == "" {
		m = "its default model"
	}
	_, err = fmt.Fprintf(stdout, "captured %s %s (%s): base prompt %d bytes in %d parts, from %s\n  %s\n",
		a.Name, in.Version, m, len(base), len(agentcapture.Split(base)), entry.Where, agentcapture.EntryDir(cache, a.Command, in.Version))
	return err
}
