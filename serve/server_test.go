package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// echo replies with the request's args; "sleep" blocks until ctx ends
// or release is closed, "panic" panics.
type echo struct{ release chan struct{} }

func (h echo) handle(ctx context.Context, r Request) (any, *Error) {
	if len(r.Args) > 0 {
		switch r.Args[0] {
		case "sleep":
			select {
			case <-ctx.Done():
			case <-h.release:
			}
		case "panic":
			panic("boom")
		}
	}
	return map[string]any{"command": r.Command, "args": r.Args}, nil
}

func code(t *testing.T, reply []byte) string {
	t.Helper()
	var v struct {
		Error *Error `json:"error"`
	}
	if err := json.Unmarshal(reply, &v); err != nil {
		t.Fatalf("reply %q is not JSON: %v", reply, err)
	}
	if v.Error == nil {
		return ""
	}
	return v.Error.Code
}

func TestDoLimits(t *testing.T) {
	h := echo{release: make(chan struct{})}
	s := New(h.handle, Limits{Timeout: 50 * time.Millisecond, MaxConcurrent: 1})
	ctx := context.Background()

	if r, e := s.Do(ctx, []byte(`{"args":["x"]}`), ""); e != nil || !strings.Contains(string(r), `"command":"build"`) {
		t.Errorf("plain request: %s %v", r, e)
	}
	if r, _ := s.Do(ctx, []byte(`{"args":["panic"]}`), ""); code(t, r) != CodeInternal {
		t.Errorf("panicking handler: %s", r)
	}
	if r, _ := s.Do(ctx, []byte(`{"args":["sleep"]}`), ""); code(t, r) != CodeTimeout {
		t.Errorf("slow handler: %s", r)
	}
	if r, _ := s.Do(ctx, []byte(`{"command":"build"}`), CommandExplain); code(t, r) != CodeBadRequest {
		t.Errorf("command against the endpoint: %s", r)
	}

	// One slot: while a request holds it, the next one is busy.
	long := New(h.handle, Limits{Timeout: time.Hour, MaxConcurrent: 1})
	started := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		close(started)
		long.Do(ctx, []byte(`{"args":["sleep"]}`), "")
	}()
	<-started
	for len(long.slots) == 0 {
		time.Sleep(time.Millisecond)
	}
	short, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
	defer cancel()
	if r, _ := long.Do(short, []byte(`{}`), ""); code(t, r) != CodeBusy {
		t.Errorf("with no free slot: %s", r)
	}
	close(h.release)
	wg.Wait()
}

func TestServeStdio(t *testing.T) {
	s := New(echo{}.handle, Limits{MaxBody: 40})
	in := strings.Join([]string{
		`{"args":["a"]}`,
		``,
		`not json`,
		`{"args":["` + strings.Repeat("x", 100) + `"]}`,
		`{"command":"explain","args":["b"]}`,
	}, "\n") // the last line has no newline: it is still a request
	var out bytes.Buffer
	if err := s.ServeStdio(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{"", CodeBadRequest, CodeTooLarge, ""}
	if len(lines) != len(want) {
		t.Fatalf("%d replies, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		if got := code(t, []byte(lines[i])); got != w {
			t.Errorf("reply %d: code %q, want %q: %s", i, got, w, lines[i])
		}
	}
	if !strings.Contains(lines[3], `"command":"explain"`) || !strings.Contains(lines[0], `"args":["a"]`) {
		t.Errorf("replies out of order:\n%s", out.String())
	}
}

// TestServeStdioDrains: cancelling while a request runs still answers it,
// then serving ends with nil.
func TestServeStdioDrains(t *testing.T) {
	h := echo{release: make(chan struct{})}
	s := New(h.handle, Limits{})
	pr, pw := io.Pipe()
	var out bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- s.ServeStdio(ctx, pr, &out) }()
	if _, err := pw.Write([]byte(`{"args":["sleep"]}` + "\n")); err != nil {
		t.Fatal(err)
	}
	for len(s.slots) == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	close(h.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"args":["sleep"]`) {
		t.Errorf("the request in flight was not answered: %q", out.String())
	}
}

// TestServeHTTP on a real loopback port and a unix socket: endpoints,
// statuses, the size limit, and a drain that lets the request in flight
// finish.
func TestServeHTTP(t *testing.T) {
	h := echo{release: make(chan struct{})}
	s := New(h.handle, Limits{MaxBody: 64})
	port, unix, stop := startHTTP(t, s)
	tcp := fmt.Sprintf("127.0.0.1:%d", port)
	clients := map[string]*http.Client{"http://" + tcp: http.DefaultClient, "http://unix": unix}
	for base, c := range clients {
		for _, tc := range []struct {
			method, path, body string
			status             int
			code               string
		}{
			{"POST", "/v1/build", `{"args":["x"]}`, 200, ""},
			{"POST", "/v1/explain", `{}`, 200, ""},
			{"GET", "/healthz", ``, 200, ""},
			{"GET", "/v1/build", ``, 405, CodeMethod},
			{"POST", "/v2", `{}`, 404, CodeNotFound},
			{"POST", "/v1/build", `{"oops":1}`, 400, CodeBadRequest},
			{"POST", "/v1/build", `{"args":["` + strings.Repeat("y", 100) + `"]}`, 413, CodeTooLarge},
		} {
			req, _ := http.NewRequest(tc.method, base+tc.path, strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := c.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.method, tc.path, err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status || code(t, body) != tc.code || resp.Header.Get("Content-Type") != "application/json" {
				t.Errorf("%s %s%s: %d %s, want %d %q", tc.method, base, tc.path, resp.StatusCode, body, tc.status, tc.code)
			}
		}
	}
	// A request in flight when the server is told to stop is answered.
	got := make(chan int)
	go func() {
		resp, err := http.Post("http://"+tcp+"/v1/build", "application/json", strings.NewReader(`{"args":["sleep"]}`))
		if err != nil {
			got <- -1
			return
		}
		resp.Body.Close()
		got <- resp.StatusCode
	}()
	for len(s.slots) == 0 {
		time.Sleep(time.Millisecond)
	}
	go func() {
		time.Sleep(20 * time.Millisecond)
		close(h.release)
	}()
	stop()
	if status := <-got; status != 200 {
		t.Errorf("in-flight request during drain: status %d", status)
	}
}

func TestListenRefusesNonLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "8.8.8.8:1", ":0", "example.com:80", "nonsense"} {
		if l, err := Listen(addr); err == nil {
			l.Close()
			t.Errorf("Listen(%s): no error", addr)
		}
	}
}
