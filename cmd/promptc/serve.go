package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/serve"
)

// serveFlags are serve's own flags.
var serveFlags = []flagDef{
	{name: "stdio", kind: boolFlag, help: "newline-delimited JSON requests on stdin, one reply line each on stdout"},
	{name: "listen", kind: listFlag, metavar: "ADDR", help: "HTTP on 127.0.0.1:PORT (loopback only) or unix:PATH (repeatable)"},
	{name: "root", kind: listFlag, metavar: "DIR", help: "allow requests to build from DIR and below only (repeatable; required with a TCP --listen)"},
	{name: "max-body", kind: stringFlag, metavar: "BYTES", help: "largest request (default 1048576)"},
	{name: "timeout", kind: stringFlag, metavar: "DURATION", help: "per-request timeout (default 30s)"},
	{name: "max-concurrent", kind: stringFlag, metavar: "N", help: "requests handled at once (default 4)"},
	{name: "max-builders", kind: stringFlag, metavar: "N", help: "warm builders kept, least recently used dropped (default 64)"},
	{name: "no-watch", kind: boolFlag, help: "check every request's files by stat instead of watching them for changes"},
	{name: "drain", kind: stringFlag, metavar: "DURATION", help: "on SIGTERM, how long in-flight requests may finish (default 30s)"},
	helpFlag,
}

// cmdServe runs promptc serve until its input ends (--stdio) or SIGTERM
// or SIGINT arrives; then it drains the requests in flight and exits 0.
func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	p, err := parseFlags(args, serveFlags, false)
	if err != nil {
		return err
	}
	if p.has("help") {
		return writeNamedHelp(stdout, "serve")
	}
	if len(p.args) > 0 {
		return usageError{"serve takes no arguments"}
	}
	if p.has("stdio") == (len(p.list("listen")) > 0) {
		return usageError{"serve needs exactly one of --stdio and --listen ADDR"}
	}
	lim, builders, drain, err := serveLimits(p)
	if err != nil {
		return err
	}
	system, user := host.ConfigPaths(e)
	roots, err := serve.NewRoots(p.list("root"), []string{system, user})
	if err != nil {
		return usageError{err.Error()}
	}
	h, err := serve.NewService(e, roots, builders, !p.has("no-watch"))
	if err != nil {
		return err
	}
	h.Version = version
	srv := serve.New(h.Handle, lim)
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, os.Interrupt)
	defer stop()
	if p.has("stdio") {
		return srv.ServeStdio(ctx, e.Stdin(), stdout)
	}
	var listeners []net.Listener
	defer func() {
		for _, l := range listeners {
			l.Close()
		}
	}()
	for _, addr := range p.list("listen") {
		if roots.Open() && !isUnix(addr) {
			return usageError{"serve --listen " + addr + " needs at least one --root DIR: other local users can reach a TCP port"}
		}
		l, err := serve.Listen(addr)
		if err != nil {
			return usageError{err.Error()}
		}
		listeners = append(listeners, l)
		fmt.Fprintf(stderr, "promptc serve: listening on %s\n", describeAddr(l))
	}
	errc := make(chan error, len(listeners))
	for _, l := range listeners {
		go func() { errc <- srv.ServeHTTP(ctx, l, drain) }()
	}
	var first error
	for range listeners {
		if err := <-errc; err != nil && first == nil {
			first = err
			stop() // one listener failed: stop the others too
		}
	}
	return first
}

func isUnix(addr string) bool { return len(addr) > 5 && addr[:5] == "unix:" }

func describeAddr(l net.Listener) string {
	if l.Addr().Network() == "unix" {
		return "unix:" + l.Addr().String()
	}
	return l.Addr().String()
}

// serveLimits reads the numeric flags.
func serveLimits(p *parsed) (serve.Limits, int, time.Duration, error) {
	var lim serve.Limits
	builders, drain := 64, 30*time.Second
	num := func(name string, dst *int) error {
		if !p.has(name) {
			return nil
		}
		n, err := strconv.Atoi(p.get(name))
		if err != nil || n < 1 {
			return usageError{fmt.Sprintf("--%s %q: want a positive integer", name, p.get(name))}
		}
		*dst = n
		return nil
	}
	dur := func(name string, dst *time.Duration) error {
		if !p.has(name) {
			return nil
		}
		d, err := time.ParseDuration(p.get(name))
		if err != nil || d <= 0 {
			return usageError{fmt.Sprintf("--%s %q: want a positive duration such as 10s", name, p.get(name))}
		}
		*dst = d
		return nil
	}
	var body int
	for _, err := range []error{
		num("max-body", &body), num("max-concurrent", &lim.MaxConcurrent), num("max-builders", &builders),
		dur("timeout", &lim.Timeout), dur("drain", &drain),
	} {
		if err != nil {
			return lim, 0, 0, err
		}
	}
	lim.MaxBody = int64(body)
	return lim, builders, drain, nil
}
