package agentrun_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// world is a scratch user: HOME, a project directory, a cache, a TMPDIR,
// a PATH, and the environment promptc runs with.
type world struct {
	root, home, proj, cache, tmp, bin string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	w := &world{root: root, home: filepath.Join(root, "home"), proj: filepath.Join(root, "proj"), cache: filepath.Join(root, "cache"), tmp: filepath.Join(root, "tmp"), bin: filepath.Join(root, "bin")}
	for _, d := range []string{w.home, w.proj, w.cache, w.tmp, w.bin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// env is the environment of promptc in w: nothing of the caller's but
// PATH (after w's bin) and what extra sets.
func (w *world) env(extra ...string) []string {
	return append([]string{
		"HOME=" + w.home, "PATH=" + w.bin + ":" + os.Getenv("PATH"), "TMPDIR=" + w.tmp,
		"XDG_CONFIG_HOME=" + w.home + "/.config", "XDG_CACHE_HOME=" + w.cache,
		"XDG_DATA_HOME=" + w.home + "/.local/share", "XDG_STATE_HOME=" + w.home + "/.local/state",
		"TZ=UTC", "LANG=C.UTF-8", "TERM=dumb", "NO_COLOR=1", "GIT_CONFIG_NOSYSTEM=1",
	}, extra...)
}

// write creates a file under w.root (parents included).
func (w *world) write(t *testing.T, rel, text string) string {
	t.Helper()
	p := filepath.Join(w.root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// promptc runs the promptc binary in dir with env and stdin; it returns
// stdout, stderr and the exit status.
func promptc(t *testing.T, dir string, env []string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runProgram(t, dir, env, stdin, promptcBin, args...)
}

// runProgram runs name with args (at most 4 minutes) in dir with env and
// stdin; it returns stdout, stderr and the exit status.
func runProgram(t *testing.T, dir string, env []string, stdin, name string, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, env, strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return out.String(), errb.String(), code
}

// snapshot maps every path under dir to its kind, mode and content hash.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		v := fi.Mode().String()
		if fi.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += " " + hash(data)
		}
		out[p] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func hash(b []byte) string {
	s := sha256.Sum256(b)
	return string(s[:])
}

// sameTree fails the test when before and after differ, naming the paths.
func sameTree(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	var diff []string
	for p, v := range before {
		if after[p] != v {
			diff = append(diff, "changed or removed: "+p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			diff = append(diff, "added: "+p)
		}
	}
	sort.Strings(diff)
	if len(diff) > 0 {
		t.Errorf("%s changed:\n%s", what, strings.Join(diff, "\n"))
	}
}

// leftovers lists the promptc-run-* directories left in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "promptc-run-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
