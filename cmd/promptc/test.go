package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"time"

	"github.com/promptc/promptc/casetest"
)

var testFlags = []flagDef{
	{name: "run", kind: stringFlag, metavar: "REGEX", help: "run only the cases whose name (path below the directory, without .txtar) matches"},
	{name: "v", kind: boolFlag, help: "also list the passing cases and the builds' warnings"},
	{name: "json", kind: boolFlag, help: "print the results as JSON"},
	{name: "junit", kind: stringFlag, metavar: "FILE", help: "also write a JUnit XML report to FILE"},
	{name: "update", kind: boolFlag, help: "rewrite the want of failing cases (and write missing ones)"},
	{name: "allow-exec", kind: boolFlag, help: "run the programs of the cases' exec transforms (with each case's variables only); without it such a case fails"},
	helpFlag,
}

// defaultTestDir is where promptc test looks without arguments.
const defaultTestDir = "promptc-tests"

// cmdTest runs case files (package casetest): each case is built
// in-process through package host, in its own hermetic environment, its
// errors and warnings printed as promptc build prints them. Exit status 0 when
// every case passes, 1 when any fails; on SIGINT or SIGTERM the running
// cases stop, their directories are removed, and the status is 128 plus
// the signal's number.
func cmdTest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	p, done, err := parseCommand("test", args, testFlags, -1, stdout)
	if err != nil || done {
		return err
	}
	r := &casetest.Runner{
		Report: report, Warn: printWarnings,
		Update:    p.has("update"),
		AllowExec: p.has("allow-exec"),
	}
	if p.has("run") {
		if r.Filter, err = regexp.Compile(p.get("run")); err != nil {
			return usageError{fmt.Sprintf("-run: %v", err)}
		}
	}
	paths := p.args
	if len(paths) == 0 {
		if _, err := os.Stat(defaultTestDir); err != nil {
			return usageError{fmt.Sprintf("no ./%s directory: name the case files or directories to run", defaultTestDir)}
		}
		paths = []string{defaultTestDir}
	}
	files, err := casetest.Discover(paths)
	if err != nil {
		return usageError{err.Error()}
	}
	start := time.Now()
	ctx, stop := onInterrupt(ctx)
	results := r.Run(ctx, files) // each case removes its directory, also when interrupted
	if err := stop(); err != nil {
		return err
	}
	rep := casetest.NewReport(results)
	if p.has("junit") {
		var b bytes.Buffer
		if err := rep.WriteJUnit(&b, start); err != nil {
			return err
		}
		if err := os.WriteFile(p.get("junit"), b.Bytes(), 0o666); err != nil {
			return fmt.Errorf("writing the JUnit report: %w", err)
		}
	}
	if p.has("json") {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteText(stdout, p.has("v"))
	}
	if err != nil {
		return err
	}
	if !rep.OK() {
		return failedError{}
	}
	return nil
}

// failedError is a command's "no" answer (some case failed): exit status
// 1 with nothing more printed.
type failedError struct{}

func (failedError) Error() string { return "failed" }
