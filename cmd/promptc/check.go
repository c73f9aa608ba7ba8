package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/promptc/promptc/check"
)

// Exit statuses of promptc check beyond 0 (every check passed), 1 (a
// check differs from its golden or fails its budget), 2 (usage, or a
// checks file that names an unknown pipeline or a missing directory) and
// 3 (I/O).
const (
	exitCheckGolden = 4 // a golden is not one promptc check wrote (hand-edited)
	exitCheckLocked = 5 // another promptc check --update holds the goldens' lock
)

// checkExit is an error of promptc check with its own exit status.
type checkExit struct {
	err  error
	code int
}

func (e checkExit) Error() string   { return e.err.Error() }
func (e checkExit) exitStatus() int { return e.code }

// cmdCheck runs the repository's golden checks (package check):
//
//	promptc check [--update] [--format text|github|sarif|junit|markdown] [--checks FILE]
func cmdCheck(ctx context.Context, argv []string, stdout io.Writer, e env) error {
	format, file, update := "text", "", false
	for i := 0; i < len(argv); i++ {
		name, val, hasVal := strings.Cut(strings.TrimLeft(argv[i], "-"), "=")
		if !strings.HasPrefix(argv[i], "-") {
			return usageError{fmt.Sprintf("check takes no arguments (got %q): the checks are in %s", argv[i], check.FileName)}
		}
		value := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(argv) {
				return "", usageError{"--" + name + " needs a value"}
			}
			i++
			return argv[i], nil
		}
		var err error
		switch name {
		case "update":
			update = true
		case "format":
			format, err = value()
		case "checks":
			file, err = value()
		case "help", "h":
			return writeNamedHelp(stdout, "check")
		default:
			return usageError{fmt.Sprintf("check: unknown flag %s", argv[i])}
		}
		if err != nil {
			return err
		}
	}
	write, ok := checkWriters[format]
	if !ok {
		return usageError{fmt.Sprintf("check --format %q: want text, github, sarif, junit or markdown", format)}
	}
	if file == "" {
		wd, err := e.Getwd()
		if err != nil {
			return err
		}
		if file, err = check.Find(wd); err != nil {
			return usageError{err.Error()}
		}
		if rel, err := filepath.Rel(wd, file); err == nil {
			file = rel // errors name it as the user would
		}
	}
	c, err := check.Load(file)
	if err != nil {
		return checkError(err)
	}
	if update {
		unlock, err := check.Lock(c)
		if err != nil {
			return checkError(err)
		}
		defer unlock()
	}
	start := time.Now()
	rs, err := check.Run(ctx, c, check.Options{Update: update, HostHome: e.Home()})
	if err != nil {
		return checkError(err)
	}
	if err := write(stdout, rs, start); err != nil {
		return err
	}
	if !check.OK(rs) {
		return failedError{}
	}
	return nil
}

var checkWriters = map[string]func(io.Writer, []check.Result, time.Time) error{
	"text":     func(w io.Writer, rs []check.Result, _ time.Time) error { return check.WriteText(w, rs) },
	"github":   func(w io.Writer, rs []check.Result, _ time.Time) error { return check.WriteGitHub(w, rs) },
	"sarif":    func(w io.Writer, rs []check.Result, _ time.Time) error { return check.WriteSARIF(w, rs) },
	"markdown": func(w io.Writer, rs []check.Result, _ time.Time) error { return check.WriteMarkdown(w, rs) },
	"junit":    check.WriteJUnit,
}

// checkError gives the errors of promptc check their exit statuses.
func checkError(err error) error {
	var ce check.ConfigErrors
	var ge check.GoldenErrors
	var le *check.LockedError
	switch {
	case errors.As(err, &ce):
		return checkExit{err, exitUsage}
	case errors.As(err, &ge):
		return checkExit{err, exitCheckGolden}
	case errors.As(err, &le):
		return checkExit{err, exitCheckLocked}
	}
	return err
}
