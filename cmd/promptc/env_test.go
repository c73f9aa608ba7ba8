package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fakeEnv is a process environment for run: variables from a map, a
// working directory that may be gone.
type fakeEnv struct {
	vars  map[string]string
	wd    string
	wdErr error
}

func (f fakeEnv) Getenv(k string) string { return f.vars[k] }
func (f fakeEnv) Getwd() (string, error) { return f.wd, f.wdErr }
func (f fakeEnv) Home() string           { return f.vars["HOME"] }
func (f fakeEnv) Today() string          { return "2026-01-15" }
func (f fakeEnv) Stdin() io.Reader       { return strings.NewReader("") }
func runWith(e env, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb, e)
	return code, out.String(), errb.String()
}

// TestDeletedWorkingDirectory: with the process's working directory gone,
// commands that do not need it still work (validate, graph, build with an
// absolute --cwd); one that needs it fails with exit 3 and says what to do.
func TestDeletedWorkingDirectory(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	gone := fakeEnv{vars: map[string]string{"HOME": root}, wdErr: &os.PathError{Op: "getwd", Path: ".", Err: syscall.ENOENT}}
	if code, out, stderr := runWith(gone, "validate", "default"); code != 0 || out != "default: ok\n" {
		t.Errorf("validate: %d %q %q", code, out, stderr)
	}
	if code, _, stderr := runWith(gone, "graph"); code != 0 {
		t.Errorf("graph: %d %q", code, stderr)
	}
	if code, out, stderr := runWith(gone, "build", "--cwd", proj); code != 0 || !strings.HasSuffix(out, "<cwd>\n"+proj+"\n</cwd>") {
		t.Errorf("build --cwd: %d %q", code, stderr)
	}
	code, _, stderr := runWith(gone, "build")
	want := "promptc: the working directory cannot be read: getwd .: no such file or directory (give --cwd an absolute path)\n"
	if code != exitInternal || stderr != want {
		t.Errorf("build: %d %q, want 3 %q", code, stderr, want)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestUnwritableOutput: output that cannot be written is exit 3, whatever
// the command.
func TestUnwritableOutput(t *testing.T) {
	e := fakeEnv{vars: map[string]string{"HOME": t.TempDir()}, wd: t.TempDir()}
	for _, args := range [][]string{{"validate", "default"}, {"pipelines"}, {"help"}, {"kinds"}, {"params"}, {"build", "--no-context-files"}} {
		var errb bytes.Buffer
		code := run(context.Background(), args, failingWriter{}, &errb, e)
		if code != exitInternal || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
