package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// startHTTP serves s on a loopback port and a unix socket until stop (or
// the test's end); it returns the port and a client for the socket. stop
// drains like a SIGTERM and checks that both ServeHTTP calls return nil.
func startHTTP(t *testing.T, s *Server) (port int, unix *http.Client, stop func()) {
	t.Helper()
	tcp, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(t.TempDir(), "s.sock")
	ul, err := Listen("unix:" + sock)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errs := make(chan error, 2)
	for _, l := range []net.Listener{tcp, ul} {
		go func() { errs <- s.ServeHTTP(ctx, l, 5*time.Second) }()
	}
	stop = sync.OnceFunc(func() {
		cancel()
		for range 2 {
			if err := <-errs; err != nil {
				t.Errorf("ServeHTTP: %v", err)
			}
		}
	})
	t.Cleanup(stop)
	unix = &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "unix", sock)
	}}}
	return tcp.Addr().(*net.TCPAddr).Port, unix, stop
}

// TestServeHTTPChecksHost: on a TCP port only a loopback name or address
// with the server's port is served (DNS rebinding sends the attacker's
// name); a unix socket takes any Host.
func TestServeHTTPChecksHost(t *testing.T) {
	port, unix, _ := startHTTP(t, New(echo{}.handle, Limits{}))
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for _, tc := range []struct {
		host   string
		status int
	}{
		{fmt.Sprintf("127.0.0.1:%d", port), 200},
		{fmt.Sprintf("localhost:%d", port), 200},
		{fmt.Sprintf("LocalHost.:%d", port), 200},
		{fmt.Sprintf("[::1]:%d", port), 200},
		{fmt.Sprintf("127.1.2.3:%d", port), 200},
		{fmt.Sprintf("evil.example:%d", port), 421},
		{fmt.Sprintf("localhost.evil.example:%d", port), 421},
		{fmt.Sprintf("127.0.0.1:%d", port+1), 421},
		{"127.0.0.1", 421}, // port 80 implied
		{"localhost", 421},
		{fmt.Sprintf("10.0.0.1:%d", port), 421},
		{fmt.Sprintf("[::1:%d", port), 421},
	} {
		for _, path := range []string{"/v1/build", "/healthz"} {
			method, body := "POST", `{"args":["x"]}`
			if path == "/healthz" {
				method, body = "GET", ""
			}
			req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
			req.Host = tc.host
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("Host %q: %v", tc.host, err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status || tc.status == 421 && code(t, data) != CodeHost {
				t.Errorf("%s %s Host %q: %d %s, want %d", method, path, tc.host, resp.StatusCode, data, tc.status)
			}
		}
	}
	req, _ := http.NewRequest("POST", "http://promptc/v1/build", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	if resp, err := unix.Do(req); err != nil || resp.StatusCode != 200 {
		t.Errorf("unix socket, Host promptc: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
}

// TestServeHTTPWantsJSON: a POST body must say application/json; the
// kinds a web page may send anywhere without asking (text/plain, forms)
// are refused before the body is read.
func TestServeHTTPWantsJSON(t *testing.T) {
	port, unix, _ := startHTTP(t, New(echo{}.handle, Limits{}))
	for base, c := range map[string]*http.Client{fmt.Sprintf("http://127.0.0.1:%d", port): http.DefaultClient, "http://promptc": unix} {
		for _, tc := range []struct {
			ctype  string
			status int
		}{
			{"application/json", 200},
			{"application/json; charset=utf-8", 200},
			{"Application/JSON", 200},
			{"", 415},
			{"text/plain", 415},
			{"text/plain;charset=UTF-8", 415},
			{"application/x-www-form-urlencoded", 415},
			{"multipart/form-data; boundary=x", 415},
			{"application/jsonx", 415},
		} {
			req, _ := http.NewRequest("POST", base+"/v1/explain", strings.NewReader(`{}`))
			if tc.ctype != "" {
				req.Header.Set("Content-Type", tc.ctype)
			}
			resp, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status || tc.status == 415 && code(t, data) != CodeMediaType {
				t.Errorf("%s Content-Type %q: %d %s, want %d", base, tc.ctype, resp.StatusCode, data, tc.status)
			}
		}
	}
}
