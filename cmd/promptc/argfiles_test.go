package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestArgFilesNotRegular: every file named on a command line is checked
// on its open handle before it is read, so a named pipe with no writer,
// a device or a directory is an I/O error (exit 3) at once. They used to
// hang on the pipe, and diff read /dev/zero until it ran out of memory
// (exit 2). Each command runs under a deadline, so a hang fails the test
// instead of stalling it.
func TestArgFilesNotRegular(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "p.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	e := fakeEnv{vars: map[string]string{"HOME": dir, "PROMPTC_SYSTEM_CONFIG": dir + "/none.yaml"}, wd: dir}
	code, build, stderr := runWith(e, "build", "--json", "--no-config", "--system-prompt", "X", "--cwd", dir)
	if code != exitOK {
		t.Fatalf("build --json: exit %d: %s", code, stderr)
	}
	old := filepath.Join(dir, "old.json")
	if err := os.WriteFile(old, []byte(build), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string // the message, after "promptc: "
	}{
		{[]string{"diff", fifo, old}, fifo + " is not a regular file (named pipe)"},
		{[]string{"diff", old, "/dev/zero"}, "/dev/zero is not a regular file (character device)"},
		{[]string{"diff", old, dir}, "read " + dir + ": is a directory"},
		{[]string{"build", "--overlay", fifo}, "reading overlay: " + fifo + " is not a regular file (named pipe)"},
		{[]string{"build", "--overlay", "/dev/zero"}, "reading overlay: /dev/zero is not a regular file (character device)"},
		{[]string{"build", "--params", fifo}, "reading params: " + fifo + " is not a regular file (named pipe)"},
		{[]string{"build", "--tool-file", fifo}, "reading tool file: " + fifo + " is not a regular file (named pipe)"},
		{[]string{"build", "--pipeline", fifo}, "reading pipeline: " + fifo + " is not a regular file (named pipe)"},
		{[]string{"validate", fifo}, "reading pipeline: " + fifo + " is not a regular file (named pipe)"},
	} {
		name := strings.Join(tc.args, " ")
		type result struct {
			code           int
			stdout, stderr string
		}
		done := make(chan result, 1)
		go func() {
			code, stdout, stderr := runWith(e, tc.args...)
			done <- result{code, stdout, stderr}
		}()
		select {
		case r := <-done:
			if r.code != exitInternal || r.stdout != "" || r.stderr != "promptc: "+tc.want+"\n" {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and promptc: %s", name, r.code, r.stdout, r.stderr, exitInternal, tc.want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: still running after 20 s", name) // blocked on the pipe
		}
	}
}
