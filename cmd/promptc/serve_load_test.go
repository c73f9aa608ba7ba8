package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestServeLoad holds a real `promptc serve` on a loopback port at 1, 8,
// 32 and 200 concurrent clients, watching (the default) and with
// --no-watch, a fresh server for each: every reply must be 200 and, byte
// for byte, the first reply, whose Result is a cold `build --json`'s — a
// server that changes a warm Result it hands out again (a list that grows
// per request, a map written while another request encodes it) fails.
// Under -race the server is race-built and a race it reports fails too.
//
// By default each level is small (a few seconds in all). To measure,
// $PROMPTC_SERVE_LOAD=N sends N requests per level (at least one per
// client) and logs req/s, p50, p99 and the server's peak RSS per level
// (go test -v); $PROMPTC_SERVE_LOAD_SKILLS sets the fixture's skills
// (default 10) and $PROMPTC_SERVE_BIN runs another promptc binary.
func TestServeLoad(t *testing.T) {
	f := newServeFixtureSkills(t, envInt(t, "PROMPTC_SERVE_LOAD_SKILLS", 10))
	bin := loadBin(t, f)
	measure := envInt(t, "PROMPTC_SERVE_LOAD", 0)
	args := []string{"--cwd", f.proj}
	body, _ := json.Marshal(map[string]any{"args": args})
	cold := f.coldJSON(t, args)
	var table []string
	for _, mode := range []struct {
		name  string
		flags []string
	}{{"watch", nil}, {"no-watch", []string{"--no-watch"}}} {
		for _, clients := range []int{1, 8, 32, 200} {
			n := max(2*clients, 40)
			if measure > 0 {
				n = max(measure, clients)
			}
			t.Run(fmt.Sprintf("%s/clients=%d", mode.name, clients), func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute+time.Duration(n)*100*time.Millisecond)
				defer cancel()
				srv := startLoadServer(t, bin, f, mode.flags...)
				client := &http.Client{Timeout: 5 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
				defer client.CloseIdleConnections()
				first, err := postBuild(ctx, client, srv.url, body)
				if err != nil {
					t.Fatalf("the first request: %v", err)
				}
				if !sameJSON(first, cold) {
					t.Fatalf("the first reply is not the cold build's Result:\n%.2000s\n--- cold\n%.2000s", first, cold)
				}
				st := driveLoad(ctx, client, srv.url, body, first, clients, n)
				rss := srv.peakRSSKB()
				srv.stop(t)
				for _, e := range st.firstErrors {
					t.Error(e)
				}
				if st.errors > 0 || st.done < n {
					t.Errorf("%d of %d requests failed or differ from the first reply, %d not sent", st.errors, n, n-st.done)
				}
				row := fmt.Sprintf("| %s | %d | %d | %.0f | %.1f | %.1f | %s | %d |", mode.name, clients, st.done,
					float64(st.done)/st.wall.Seconds(), ms(st.quantile(0.50)), ms(st.quantile(0.99)), mib(rss), st.errors)
				t.Log(row)
				table = append(table, row)
			})
		}
	}
	if measure > 0 {
		t.Logf("%d skills, %s\n| mode | clients | requests | req/s | p50 ms | p99 ms | peak RSS MiB | errors |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n%s",
			envInt(t, "PROMPTC_SERVE_LOAD_SKILLS", 10), bin, strings.Join(table, "\n"))
	}
}

// TestServeStdioRepeats sends 1,000 identical requests to `promptc serve
// --stdio` at once: every reply is the first one, byte for byte, and so
// lists as many layers (a warm Result that grows per request fails).
func TestServeStdioRepeats(t *testing.T) {
	f := newServeFixture(t)
	bin := loadBin(t, f)
	args := []string{"--cwd", f.proj}
	line, _ := json.Marshal(map[string]any{"args": args})
	const n = 1000
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--stdio")
	cmd.Dir, cmd.Env = f.proj, f.env
	cmd.Stdin = bytes.NewReader(bytes.Repeat(append(line, '\n'), n))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("serve --stdio: %v\n%.4000s", err, stderr.Bytes())
	}
	checkServerLog(t, stderr.String())
	replies := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
	if len(replies) != n {
		t.Fatalf("%d replies to %d requests", len(replies), n)
	}
	if !sameJSON(replies[0], f.coldJSON(t, args)) {
		t.Fatalf("the first reply is not the cold build's Result:\n%.2000s", replies[0])
	}
	layers := func(b []byte) int {
		var r struct{ Layers []json.RawMessage }
		json.Unmarshal(b, &r)
		return len(r.Layers)
	}
	bad := 0
	for i, r := range replies {
		if !bytes.Equal(r, replies[0]) {
			if bad++; bad <= 3 {
				t.Errorf("reply %d differs from the first (%d layers, the first %d; %d bytes, the first %d):\n%.600s", i, layers(r), layers(replies[0]), len(r), len(replies[0]), r)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d replies differ from the first", bad, n)
	}
}

// loadBin is the promptc the load tests run: $PROMPTC_SERVE_BIN, else
// the fixture's, race-built when this test binary is.
func loadBin(t *testing.T, f *serveFixture) string {
	t.Helper()
	if bin := os.Getenv("PROMPTC_SERVE_BIN"); bin != "" {
		return bin
	}
	if !raceServer {
		return f.bin
	}
	bin := f.bin + "-race"
	if out, err := exec.Command("go", "build", "-race", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -race: %v\n%s", err, out)
	}
	return bin
}

// coldJSON is what a fresh `promptc build --json` prints for args.
func (f *serveFixture) coldJSON(t testing.TB, args []string) []byte {
	t.Helper()
	cmd := exec.Command(f.bin, append([]string{"build", "--json"}, args...)...)
	cmd.Dir, cmd.Env = f.proj, f.env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("cold build --json %v: %v", args, err)
	}
	return out
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(a, b []byte) bool {
	var va, vb any
	return json.Unmarshal(a, &va) == nil && json.Unmarshal(b, &vb) == nil && reflect.DeepEqual(va, vb)
}

func envInt(t testing.TB, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		t.Fatalf("$%s=%q: want a count", name, v)
	}
	return n
}

// loadServer is a `promptc serve --listen 127.0.0.1:0` child.
type loadServer struct {
	cmd    *exec.Cmd
	url    string
	mu     sync.Mutex
	log    bytes.Buffer  // what it printed after its address
	logged chan struct{} // closed when its stderr ends
}

func startLoadServer(t *testing.T, bin string, f *serveFixture, flags ...string) *loadServer {
	t.Helper()
	s := &loadServer{logged: make(chan struct{})}
	// The load test asks for correct, unchanging replies, not for
	// latency (the measuring mode reports it): a machine loaded by other
	// tests must not turn a queued request into a timeout reply.
	s.cmd = exec.Command(bin, append([]string{"serve", "--listen", "127.0.0.1:0", "--root", f.root, "--timeout", "5m"}, flags...)...)
	s.cmd.Dir, s.cmd.Env = f.proj, f.env
	stderr, err := s.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s.cmd.ProcessState == nil {
			s.cmd.Process.Kill()
			s.cmd.Wait()
		}
	})
	r := bufio.NewReader(stderr)
	line, err := r.ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "promptc serve: listening on ")
	if err != nil || !ok {
		t.Fatalf("no address: %q %v", line, err)
	}
	s.url = "http://" + addr
	go func() {
		defer close(s.logged)
		buf := make([]byte, 32<<10)
		for {
			n, err := r.Read(buf)
			s.mu.Lock()
			s.log.Write(buf[:n])
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return s
}

// peakRSSKB is the server's peak resident set so far (Linux; else 0).
func (s *loadServer) peakRSSKB() int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

// stop sends SIGTERM and expects exit 0 within 30 s and a log with no
// panic and no data race.
func (s *loadServer) stop(t *testing.T) {
	t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	exited := make(chan error, 1)
	go func() { exited <- s.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("after SIGTERM: %v (want exit 0)", err)
		}
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		t.Errorf("still running 30 s after SIGTERM")
		<-exited
	}
	<-s.logged
	s.mu.Lock()
	defer s.mu.Unlock()
	checkServerLog(t, s.log.String())
}

// checkServerLog fails on a data race or a panic a server reported.
func checkServerLog(t *testing.T, log string) {
	t.Helper()
	for _, bad := range []string{"DATA RACE", "panic", "goroutine "} {
		if strings.Contains(log, bad) {
			t.Errorf("the server reported %q:\n%.6000s", bad, log)
			return
		}
	}
}

func postBuild(ctx context.Context, c *http.Client, url string, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", url+"/v1/build", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("status %d: %.300s", resp.StatusCode, data)
	}
	return bytes.TrimSuffix(data, []byte("\n")), err
}

// loadStats are one level's measurements.
type loadStats struct {
	done, errors int
	wall         time.Duration
	latencies    []time.Duration // sorted
	firstErrors  []string
}

func (s loadStats) quantile(q float64) time.Duration {
	if len(s.latencies) == 0 {
		return 0
	}
	return s.latencies[min(len(s.latencies)-1, int(q*float64(len(s.latencies))))]
}

// driveLoad sends n requests from clients goroutines, each waiting for
// its reply before its next request, until all are sent or ctx ends; a
// reply that is not want is an error.
func driveLoad(ctx context.Context, c *http.Client, url string, body, want []byte, clients, n int) loadStats {
	var next atomic.Int64
	lat := make([]time.Duration, n)
	var mu sync.Mutex
	var st loadStats
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				t0 := time.Now()
				got, err := postBuild(ctx, c, url, body)
				lat[i] = time.Since(t0)
				if err == nil && !bytes.Equal(got, want) {
					err = fmt.Errorf("the reply (%d bytes) differs from the first (%d bytes):\n%.600s", len(got), len(want), got)
				}
				mu.Lock()
				st.done++
				if err != nil {
					st.errors++
					if len(st.firstErrors) < 3 {
						st.firstErrors = append(st.firstErrors, fmt.Sprintf("request %d: %v", i, err))
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	st.wall = time.Since(start)
	st.latencies = slices.Clone(lat[:min(n, st.done)])
	slices.Sort(st.latencies)
	return st
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func mib(kb int) string {
	if kb == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f", float64(kb)/1024)
}
