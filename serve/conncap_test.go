package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// countingListener records how many of its connections are open at
// once, at most.
type countingListener struct {
	net.Listener
	mu         sync.Mutex
	open, peak int
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.open++
	l.peak = max(l.peak, l.open)
	l.mu.Unlock()
	return &countedConn{Conn: c, l: l}, nil
}

func (l *countingListener) most() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.peak
}

type countedConn struct {
	net.Conn
	l    *countingListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.open--
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// serveCounted serves s on a counted loopback listener until the test
// ends and returns it.
func serveCounted(t *testing.T, s *Server) *countingListener {
	t.Helper()
	tcp, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &countingListener{Listener: tcp}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.ServeHTTP(ctx, l, 5*time.Second) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ServeHTTP: %v", err)
		}
	})
	return l
}

const rawRequest = "POST /v1/build HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"

// roundTrip sends one request on c and reads its reply.
func roundTrip(t *testing.T, c net.Conn, r *bufio.Reader) {
	t.Helper()
	fmt.Fprintf(c, rawRequest, c.RemoteAddr())
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("no reply: %v", err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
}

// closedWithin reports whether the server closes c (a read ends with EOF
// or a reset, after any reply) within d.
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestServeHTTPTimesOutSlowClients: a body sent too slowly and a
// keep-alive connection left idle are both closed by the server.
func TestServeHTTPTimesOutSlowClients(t *testing.T) {
	l := serveCounted(t, New(echo{}.handle, Limits{ReadHeaderTimeout: 200 * time.Millisecond, ReadTimeout: 300 * time.Millisecond, IdleTimeout: 300 * time.Millisecond}))
	addr := l.Addr().String()

	slow := dial(t, addr)
	fmt.Fprintf(slow, "POST /v1/build HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"args\":", addr)
	if !closedWithin(slow, 5*time.Second) {
		t.Error("a body that never ends holds its connection open")
	}
	idle := dial(t, addr)
	roundTrip(t, idle, bufio.NewReader(idle))
	if !closedWithin(idle, 5*time.Second) {
		t.Error("an idle keep-alive connection stays open")
	}
	if !closedWithin(dial(t, addr), 5*time.Second) {
		t.Error("a connection that sends nothing stays open")
	}
}

// dial connects to addr until the test ends.
func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestServeHTTPCapsConnections: with MaxConns open, the next client is
// served by closing one idle connection (the longest idle one, unless
// the server marked them idle in another order than their replies),
// never more than MaxConns are served (and one more waits), and clients
// past the cap with nothing idle wait for a connection to close rather
// than fail.
func TestServeHTTPCapsConnections(t *testing.T) {
	const maxConns = 3
	l := serveCounted(t, New(echo{}.handle, Limits{MaxConns: maxConns, IdleTimeout: time.Minute, ReadHeaderTimeout: 300 * time.Millisecond}))
	addr := l.Addr().String()
	var idle []net.Conn
	for range maxConns {
		c := dial(t, addr)
		roundTrip(t, c, bufio.NewReader(c))
		idle = append(idle, c)
	}
	next := dial(t, addr)
	roundTrip(t, next, bufio.NewReader(next)) // served by closing an idle one
	closed := 0
	for _, c := range idle {
		if closedWithin(c, 200*time.Millisecond) {
			closed++
		}
	}
	if closed != 1 {
		t.Errorf("%d idle connections were closed for a new client, want 1", closed)
	}
	if got := l.most(); got > maxConns+1 {
		t.Errorf("%d connections open at once, cap %d (+1 waiting)", got, maxConns)
	}

	// Every slot held by a client that sends nothing (closed after
	// ReadHeaderTimeout): more clients than slots all get their reply.
	for range maxConns {
		dial(t, addr)
	}
	var wg sync.WaitGroup
	for i := range 2 * maxConns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &http.Client{Timeout: 10 * time.Second}
			resp, err := c.Post("http://"+addr+"/v1/build", "application/json", strings.NewReader(`{}`))
			if err != nil {
				t.Errorf("client %d past the cap: %v", i, err)
				return
			}
			resp.Body.Close()
		}()
	}
	wg.Wait()
	if got := l.most(); got > maxConns+1 {
		t.Errorf("%d connections open at once, cap %d (+1 waiting)", got, maxConns)
	}
}

// TestServeHTTPHeaderLimit: headers past MaxHeaderBytes are refused (431).
func TestServeHTTPHeaderLimit(t *testing.T) {
	port, _, _ := startHTTP(t, New(echo{}.handle, Limits{}))
	req, _ := http.NewRequest("POST", fmt.Sprintf("http://127.0.0.1:%d/v1/build", port), strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Padding", strings.Repeat("p", MaxHeaderBytes+8<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("%d KiB of headers: status %d, want 431", (MaxHeaderBytes+8<<10)>>10, resp.StatusCode)
	}
}
