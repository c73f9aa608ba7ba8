//go:build unix

package execrun

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestExec runs real child programs (sh) through every way a program can
// end: a reply, standard input echoed, a non-zero exit, a crash, a
// timeout, a reply over the limit, a program that does not exist, one
// that ignores a large request.
func TestExec(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 1<<20)
	tests := []struct {
		name    string
		argv    []string
		stdin   []byte
		max     int64
		timeout time.Duration
		out     string
		err     string
	}{
		{name: "a reply", argv: []string{"sh", "-c", `cat >/dev/null; printf '{"systemPrompt": "x"}'`}, out: `{"systemPrompt": "x"}`},
		{name: "the request on standard input", argv: []string{"sh", "-c", "cat"}, stdin: []byte(`{"a": 1}`), out: `{"a": 1}`},
		{name: "a non-zero exit with the end of standard error", argv: []string{"sh", "-c", "echo first >&2; echo 'B exploded' >&2; exit 3"}, err: "exit status 3: B exploded"},
		{name: "a crash", argv: []string{"sh", "-c", "kill -SEGV $$"}, err: "killed by signal 11 (segmentation fault)"},
		{name: "a reply over the limit", argv: []string{"sh", "-c", "yes | head -c 10000000"}, max: 1000, err: "reply too large: it wrote more than 1000 bytes"},
		{name: "no such program", argv: []string{"/nonexistent/program"}, err: "program not found"},
		{name: "a large request the program ignores", argv: []string{"sh", "-c", "echo ok"}, stdin: big, out: "ok\n"},
		{name: "a timeout", argv: []string{"sh", "-c", "sleep 30"}, timeout: 200 * time.Millisecond, err: "context deadline exceeded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			max := tc.max
			if max == 0 {
				max = 1 << 20
			}
			start := time.Now()
			out, err := Runner{}.Exec(ctx, tc.argv, tc.stdin, max)
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %v", took)
			}
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				if out != nil {
					t.Errorf("output %q with an error", out)
				}
				return
			}
			if err != nil || string(out) != tc.out {
				t.Fatalf("got %q, %v; want %q", out, err, tc.out)
			}
		})
	}
}

// TestExecKillsWhatTheProgramLeft: a program that starts a child holding
// its output and exits returns within the grace period, and the child is
// killed with it.
func TestExecKillsWhatTheProgramLeft(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	start := time.Now()
	_, err := Runner{}.Exec(context.Background(), []string{"sh", "-c", `sleep 60 & echo $! > ` + pidFile + `; echo hi`}, nil, 1<<20)
	if took := time.Since(start); took > waitDelay+3*time.Second {
		t.Fatalf("took %v", took)
	}
	if err == nil || !strings.Contains(err.Error(), "left its output open") {
		t.Errorf("error = %v", err)
	}
	data, rerr := os.ReadFile(pidFile)
	if rerr != nil {
		t.Fatal(rerr)
	}
	pid := strings.TrimSpace(string(data))
	deadline := time.Now().Add(3 * time.Second)
	for {
		state, err := os.ReadFile("/proc/" + pid + "/stat")
		if err != nil || strings.Contains(string(state), ") Z ") {
			return // gone, or a zombie waiting for its parent
		}
		if time.Now().After(deadline) {
			t.Fatalf("the program's child %s still runs", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestExecTimeoutKillsTheGroup: a timeout kills the program and what it
// started, so no pipe stays open past the grace period.
func TestExecTimeoutKillsTheGroup(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Runner{}.Exec(ctx, []string{"sh", "-c", "sleep 60 & sleep 60"}, nil, 1<<20)
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("took %v", took)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error = %v", err)
	}
}
