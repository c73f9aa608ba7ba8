package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// interruptedError ends a command that SIGINT or SIGTERM stopped once it
// had cleaned up (promptc test and record remove their case directories
// first): its exit status is 128 plus the signal's number, as a shell
// reports a process the signal killed (130, 143).
type interruptedError struct{ sig syscall.Signal }

func (e interruptedError) Error() string {
	name := e.sig.String()
	switch e.sig {
	case syscall.SIGINT:
		name = "SIGINT"
	case syscall.SIGTERM:
		name = "SIGTERM"
	}
	return fmt.Sprintf("interrupted by %s: stopped after removing its temporary files", name)
}

func (e interruptedError) exitStatus() int { return 128 + int(e.sig) }

// onInterrupt returns ctx, canceled by the first SIGINT or SIGTERM the
// process receives, and stop, which restores the signals' default
// handling and returns an interruptedError when one came (nil
// otherwise). Between the two, a further signal does not kill the process
// either: the command finishes its cleanup. Call stop once the work that
// ctx governs has returned.
func onInterrupt(ctx context.Context) (context.Context, func() error) {
	ctx, cancel := context.WithCancel(ctx)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	var (
		mu  sync.Mutex
		got os.Signal
	)
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case s := <-ch:
			mu.Lock()
			got = s
			mu.Unlock()
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() error {
		signal.Stop(ch)
		cancel()
		<-done
		mu.Lock()
		defer mu.Unlock()
		if s, ok := got.(syscall.Signal); ok {
			return interruptedError{s}
		}
		return nil
	}
}
