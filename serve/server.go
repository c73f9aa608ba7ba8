package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"
)

// Handler answers one decoded request: a reply value (encoded as JSON,
// unless it is [Encoded]) or an error reply. It must honour ctx.
type Handler func(ctx context.Context, r Request) (any, *Error)

// Encoded is a reply a Handler has already encoded: one JSON value,
// without a trailing newline, sent as it is. The server never changes
// it, so a Handler may hand the same bytes to many requests.
type Encoded []byte

// Limits bound what one request may cost. Zero fields take the defaults.
type Limits struct {
	// MaxBody is the largest request in bytes (default 1 MiB).
	MaxBody int64
	// Timeout bounds one request, from its arrival (default 30 s).
	Timeout time.Duration
	// MaxConcurrent bounds the requests handled at once (default 4); a
	// request waits for a slot within its timeout, else gets busy.
	MaxConcurrent int

	// The HTTP connection's limits (ServeHTTP).

	// ReadHeaderTimeout bounds reading a request's headers (default 10 s).
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds reading a whole request, headers and body
	// (default 30 s): a body sent slowly is cut off.
	ReadTimeout time.Duration
	// IdleTimeout closes a keep-alive connection that sends no next
	// request for this long (default 30 s).
	IdleTimeout time.Duration
	// MaxConns bounds the connections open at once on one listener
	// (default 256, at most half the process's file descriptors); at the
	// cap, the longest idle connection is closed, else the next client
	// waits until one closes.
	MaxConns int
}

// Defaults. A reply must be written within ReadTimeout + Timeout +
// ReplyWriteTimeout of its request's headers (the http.Server's
// WriteTimeout); headers are at most MaxHeaderBytes.
const (
	DefaultMaxBody           = 1 << 20
	DefaultTimeout           = 30 * time.Second
	DefaultMaxConcurrent     = 4
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultIdleTimeout       = 30 * time.Second
	DefaultMaxConns          = 256
	ReplyWriteTimeout        = 10 * time.Second
	MaxHeaderBytes           = 16 << 10
)

// Server handles requests with a Handler under Limits.
type Server struct {
	handle Handler
	limits Limits
	slots  chan struct{}
	// inflight counts handler calls still running, including those whose
	// request timed out (they keep their slot until they return).
	inflight sync.WaitGroup
}

// New returns a Server for h.
func New(h Handler, l Limits) *Server {
	orDefault(&l.MaxBody, DefaultMaxBody)
	orDefault(&l.Timeout, DefaultTimeout)
	orDefault(&l.MaxConcurrent, DefaultMaxConcurrent)
	orDefault(&l.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	orDefault(&l.ReadTimeout, DefaultReadTimeout)
	orDefault(&l.IdleTimeout, DefaultIdleTimeout)
	if l.MaxConns <= 0 {
		l.MaxConns = DefaultMaxConns
		if n := fdLimit() / 2; n > 0 {
			l.MaxConns = min(l.MaxConns, n)
		}
	}
	return &Server{handle: h, limits: l, slots: make(chan struct{}, l.MaxConcurrent)}
}

// orDefault sets *v to def when it is not positive (not given).
func orDefault[T int | int64 | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Limits returns the server's limits with defaults applied.
func (s *Server) Limits() Limits { return s.limits }

// Do decodes and answers one request body, returning the reply's JSON
// (without a trailing newline; the caller must not change it) and, for
// an error reply, the error.
func (s *Server) Do(ctx context.Context, body []byte, force string) ([]byte, *Error) {
	req, e := DecodeRequest(body)
	if e == nil {
		req, e = req.resolve(force)
	}
	var out []byte
	if e == nil {
		out, e = s.run(ctx, req)
	}
	if e != nil {
		return encode(errorReply{e}), e
	}
	return out, nil
}

// run calls the handler under the timeout and the concurrency bound and
// encodes its reply in the same slot: at most MaxConcurrent replies are
// made or encoded at once (a large Result's JSON is most of a warm
// request's time and memory). A panic in either is an internal error
// reply, not a crash.
func (s *Server) run(ctx context.Context, req Request) ([]byte, *Error) {
	ctx, cancel := context.WithTimeout(ctx, s.limits.Timeout)
	defer cancel()
	select {
	case s.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, &Error{Code: CodeBusy, Message: fmt.Sprintf("no free slot within %v (%d requests at once)", s.limits.Timeout, s.limits.MaxConcurrent)}
	}
	type answer struct {
		out []byte
		e   *Error
	}
	done := make(chan answer, 1)
	s.inflight.Add(1)
	go func() {
		defer s.inflight.Done()
		defer func() { <-s.slots }()
		defer func() {
			if p := recover(); p != nil {
				done <- answer{e: &Error{Code: CodeInternal, Message: fmt.Sprintf("internal error: %v\n%s", p, debug.Stack())}}
			}
		}()
		v, e := s.handle(ctx, req)
		if e != nil {
			done <- answer{e: e}
			return
		}
		if enc, ok := v.(Encoded); ok {
			done <- answer{out: enc}
			return
		}
		out, err := json.Marshal(v)
		if err != nil {
			e = &Error{Code: CodeInternal, Message: "encoding the reply: " + err.Error()}
		}
		done <- answer{out, e}
	}()
	select {
	case a := <-done:
		if a.e == nil && ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, timeoutError(s.limits.Timeout)
		}
		return a.out, a.e
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, timeoutError(s.limits.Timeout)
		}
		return nil, &Error{Code: CodeInternal, Message: "the server is shutting down"}
	}
}

func timeoutError(d time.Duration) *Error {
	return &Error{Code: CodeTimeout, Message: fmt.Sprintf("the request took longer than %v", d)}
}

// Wait blocks until every handler call has returned or ctx ends; it
// reports whether they all returned.
func (s *Server) Wait(ctx context.Context) bool {
	done := make(chan struct{})
	go func() {
		s.inflight.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		return false
	}
}

func encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return []byte(`{"error":{"code":"internal","message":"encoding the reply failed"}}`)
	}
	return b
}
