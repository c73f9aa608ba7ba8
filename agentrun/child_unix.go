//go:build unix

package agentrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

// forwarded are the signals promptc passes on to the child.
var forwarded = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2}

// Run starts c and waits for it, forwarding the signals promptc receives:
// SIGTERM, SIGHUP, SIGUSR1 and SIGUSR2 always; SIGINT and SIGQUIT only when
// promptc's stdin is not a terminal (a terminal sends them to its whole
// foreground process group, the child included, and a second copy would
// count as a second Ctrl-C). sigs comes from Catch, called before the
// hand-over files were written: a signal that arrived before the start
// means the child is not started (Exit.Signal is set, Code 128+N); one
// that arrives while it starts is forwarded once it runs.
// A child that cannot start is an *Error (ExitNotInstalled for a missing
// file, ExitCannotStart otherwise); ctx's cancellation kills the child.
func Run(ctx context.Context, c Child, sigs <-chan os.Signal) (Exit, error) {
	select {
	case s := <-sigs:
		n := int(s.(syscall.Signal))
		return Exit{Code: 128 + n, Signal: n}, nil
	default:
	}
	cmd := exec.Command(c.Path, c.Args...)
	cmd.Env, cmd.Dir = c.Env, c.Dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = c.Stdin, c.Stdout, c.Stderr
	if err := cmd.Start(); err != nil {
		code := ExitCannotStart
		if errors.Is(err, os.ErrNotExist) {
			code = ExitNotInstalled
		}
		return Exit{}, &Error{Code: code, Msg: fmt.Sprintf("starting %s: %v", c.Path, err)}
	}
	tty := isTerminal(c.Stdin)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case s := <-sigs:
			if tty && (s == syscall.SIGINT || s == syscall.SIGQUIT) {
				continue
			}
			_ = cmd.Process.Signal(s)
		case <-ctx.Done():
			_ = cmd.Process.Kill()
			<-done
			return Exit{}, ctx.Err()
		case err := <-done:
			return exitOf(cmd, err)
		}
	}
}

// Catch starts catching the signals Run forwards; stop ends it (call it
// after Run returned).
func Catch() (sigs <-chan os.Signal, stop func()) {
	ch := make(chan os.Signal, 8)
	signal.Notify(ch, forwarded...)
	return ch, func() { signal.Stop(ch) }
}

func exitOf(cmd *exec.Cmd, err error) (Exit, error) {
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return Exit{}, err
	}
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ok && ws.Signaled() {
		n := int(ws.Signal())
		return Exit{Code: 128 + n, Signal: n}, nil
	}
	return Exit{Code: cmd.ProcessState.ExitCode()}, nil
}

func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// Raise ends promptc the way the child ended when a signal killed it: the
// signal's default action on promptc itself, so the parent shell sees the
// same cause. It returns only when the signal did not end the process.
func Raise(sig int) {
	s := syscall.Signal(sig)
	signal.Reset(s)
	if syscall.Kill(os.Getpid(), s) == nil {
		time.Sleep(time.Second) // the signal is delivered to some thread; wait for it
	}
}
