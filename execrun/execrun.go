// Package execrun runs the programs of exec transforms for a host: one
// child process per call, its request on standard input, its reply read
// from standard output up to a size limit, its standard error kept (the
// end of it) to explain a failure. When the context is done or the reply
// grows past the limit, the child and every process it started in its
// process group are killed, and Exec returns once the pipes are closed or
// a short grace period has passed, so a call never hangs.
package execrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Runner is an engine.Executor that starts real processes.
type Runner struct {
	// Dir is the working directory of the programs ("" = the host's).
	Dir string
	// Env is their environment (nil = the host's).
	Env []string
}

// stderrTail is how much of a program's standard error is kept.
const stderrTail = 4096

// waitDelay bounds the wait for pipes that a killed program's
// grandchildren keep open.
const waitDelay = 2 * time.Second

// ErrTooLarge is what Exec's error wraps when the program wrote more
// than maxOutput bytes.
var ErrTooLarge = errors.New("reply too large")

// Exec runs argv with stdin and returns its standard output.
func (r Runner) Exec(ctx context.Context, argv []string, stdin []byte, maxOutput int64) ([]byte, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("no program to run")
	}
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = r.Dir, r.Env
	cmd.Stdin = bytes.NewReader(stdin)
	out := &limitWriter{max: maxOutput, over: func() { stop(ErrTooLarge) }}
	errOut := &tailWriter{max: stderrTail}
	cmd.Stdout, cmd.Stderr = out, errOut
	setGroup(cmd)
	cmd.WaitDelay = waitDelay
	err := cmd.Run()
	killGroup(cmd) // what the program left running dies with it
	if out.exceeded() {
		return nil, fmt.Errorf("%w: it wrote more than %d bytes", ErrTooLarge, maxOutput)
	}
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	if err != nil {
		return nil, describe(err, errOut.String())
	}
	return out.Bytes(), nil
}

// describe words a failed run: the exit status or signal and the last
// line of standard error.
func describe(err error, stderr string) error {
	msg := err.Error()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		msg = exitText(ee)
	} else if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) {
		msg = "program not found"
	} else if errors.Is(err, exec.ErrWaitDelay) {
		msg = "it exited but left its output open"
	}
	if last := lastLine(stderr); last != "" {
		msg += ": " + last
	}
	return errors.New(msg)
}

// lastLine is the last non-blank line of s, at most 200 bytes.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n\r\t "), "\n")
	l := strings.TrimSpace(lines[len(lines)-1])
	if len(l) > 200 {
		l = l[:200] + "…"
	}
	return l
}

// limitWriter keeps up to max bytes and calls over once when more come.
type limitWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	max  int64
	over func()
	past bool
}

func (w *limitWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.past {
		return 0, ErrTooLarge
	}
	if int64(w.buf.Len())+int64(len(p)) > w.max {
		w.past = true
		w.over()
		return 0, ErrTooLarge
	}
	return w.buf.Write(p)
}

func (w *limitWriter) exceeded() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.past
}

func (w *limitWriter) Bytes() []byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Bytes()
}

// tailWriter keeps the last max bytes written.
type tailWriter struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if len(w.buf) > w.max {
		w.buf = append([]byte(nil), w.buf[len(w.buf)-w.max:]...)
	}
	return len(p), nil
}

func (w *tailWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf)
}
