//go:build unix

package casetest

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestDiscoverNonRegular: a named pipe or a device named as a case is a
// NotCaseFileError, found without opening it (opening a pipe would wait
// for a writer).
func TestDiscoverNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p.txtar")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, path, want string }{
		{"named pipe", fifo, fifo + " is not a regular file (named pipe): promptc test reads regular *.txtar files and directories of them"},
		{"device", "/dev/null", "/dev/null is not a regular file (character device): promptc test reads regular *.txtar files and directories of them"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Discover([]string{tc.path})
			var nc *NotCaseFileError
			if !errors.As(err, &nc) || err.Error() != tc.want {
				t.Errorf("Discover error:\n%v\nwant:\n%s", err, tc.want)
			}
		})
	}
}

// TestRunNonRegularCase: a case file that became a named pipe after it was
// found is reported at once (the runner reads cases as promptc reads any
// file: opened once, without blocking, checked on the handle), never
// waited on.
func TestRunNonRegularCase(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "p.txtar")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Runner{Build: func(context.Context, []string, io.Writer, io.Writer, *Env) int { return 0 }, TempDir: t.TempDir()}
	done := make(chan []Result, 1)
	go func() { done <- r.Run(context.Background(), []CaseFile{{Path: fifo, Name: "p"}}) }()
	select {
	case res := <-done:
		want := fifo + " is not a regular file (named pipe): promptc test reads regular *.txtar files and directories of them"
		if res[0].Status != Errored || res[0].Message != want {
			t.Errorf("result %s: %s\nwant error: %s", res[0].Status, res[0].Message, want)
		}
	case <-time.After(10 * time.Second):
		// Unblock the reader so the test binary can go on.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		t.Fatal("the runner blocked on a named pipe")
	}
}
