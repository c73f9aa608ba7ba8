package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

// HTTPHandler returns the HTTP handler: POST /v1/build and POST /v1/explain
// take a request body of Content-Type application/json (else 415,
// media_type) and reply with JSON (an error reply has the status its code
// says); GET /healthz replies {"ok": true}.
func (s *Server) HTTPHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/build", s.endpoint(CommandBuild))
	mux.HandleFunc("/v1/explain", s.endpoint(CommandExplain))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, &Error{Code: CodeMethod, Message: "use GET"})
			return
		}
		writeJSON(w, http.StatusOK, []byte(`{"ok":true}`))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &Error{Code: CodeNotFound, Message: fmt.Sprintf("no endpoint %s (POST /v1/build, POST /v1/explain, GET /healthz)", r.URL.Path)})
	})
	return mux
}

func (s *Server) endpoint(command string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			writeError(w, &Error{Code: CodeMethod, Message: "use POST"})
			return
		}
		if !isJSON(r.Header.Get("Content-Type")) {
			writeError(w, &Error{Code: CodeMediaType, Message: fmt.Sprintf("the body's Content-Type is %q: send application/json", r.Header.Get("Content-Type"))})
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.limits.MaxBody))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeError(w, &Error{Code: CodeTooLarge, Message: fmt.Sprintf("the request body is larger than %d bytes", s.limits.MaxBody)})
				return
			}
			writeError(w, &Error{Code: CodeBadRequest, Message: "reading the request body: " + err.Error()})
			return
		}
		reply, e := s.Do(r.Context(), body, command)
		status := http.StatusOK
		if e != nil {
			status = e.status()
		}
		writeJSON(w, status, reply)
	}
}

func writeError(w http.ResponseWriter, e *Error) {
	writeJSON(w, e.status(), encode(errorReply{e}))
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)+1))
	w.WriteHeader(status)
	_, _ = w.Write(body) // shared (Encoded): not appended to
	_, _ = io.WriteString(w, "\n")
}

// Listen opens addr: "unix:PATH" (a socket only its owner may use; a
// stale socket file at PATH is replaced) or HOST:PORT, where HOST must be
// a loopback address.
func Listen(addr string) (net.Listener, error) {
	if p, ok := strings.CutPrefix(addr, "unix:"); ok {
		if fi, err := os.Lstat(p); err == nil {
			if fi.Mode()&os.ModeSocket == 0 {
				return nil, fmt.Errorf("--listen %s: the path exists and is not a socket", addr)
			}
			if c, err := net.Dial("unix", p); err == nil {
				c.Close()
				return nil, fmt.Errorf("--listen %s: another server is listening there", addr)
			}
			if err := os.Remove(p); err != nil {
				return nil, err
			}
		}
		l, err := net.Listen("unix", p)
		if err != nil {
			return nil, err
		}
		if err := os.Chmod(p, 0o600); err != nil {
			l.Close()
			return nil, err
		}
		return l, nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--listen %s: want HOST:PORT or unix:PATH", addr)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("--listen %s: only a loopback address (127.0.0.1, ::1, localhost) or a unix socket: anyone who reaches the port could read the files the roots allow", addr)
	}
	return net.Listen("tcp", addr)
}

// ServeHTTP serves l until ctx is cancelled, then stops accepting,
// drains the requests in flight (for at most drain) and returns nil.
// Connections are bounded in time and number by the Limits; on a TCP
// listener a request must name the server in its Host header
// (loopbackHost).
func (s *Server) ServeHTTP(ctx context.Context, l net.Listener, drain time.Duration) error {
	h := s.HTTPHandler()
	if a, ok := l.Addr().(*net.TCPAddr); ok {
		h = loopbackHost(a.Port, h)
	}
	capped := newConnCap(l, s.limits.MaxConns)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: s.limits.ReadHeaderTimeout,
		ReadTimeout:       s.limits.ReadTimeout,
		WriteTimeout:      s.limits.ReadTimeout + s.limits.Timeout + ReplyWriteTimeout,
		IdleTimeout:       s.limits.IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		ConnState:         capped.track,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	l = capped
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	err := srv.Shutdown(sctx)
	if !s.Wait(sctx) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("draining: requests still running after %v", drain)
	}
	return nil
}
