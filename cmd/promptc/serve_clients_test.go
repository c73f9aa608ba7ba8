package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestServeClients runs docs/guide/serve.md's Python and TypeScript clients, as
// written, against a real `promptc serve` on a loopback port and checks
// each prints the prompt of a cold build. The TypeScript one needs Node
// >= 22.6 (type stripping): `node` on PATH, or $PROMPTC_TEST_NODE.
func TestServeClients(t *testing.T) {
	f := newServeFixture(t)
	var py, ts string
	for _, b := range docBlocks(t, "docs/guide/serve.md") {
		switch b.lang {
		case "python":
			py = b.text
		case "typescript":
			ts = b.text
		}
	}
	if py == "" || ts == "" {
		t.Fatal("docs/guide/serve.md has no python or typescript client block")
	}
	cmd := exec.Command(f.bin, "serve", "--listen", "127.0.0.1:0", "--root", f.root)
	cmd.Dir, cmd.Env = f.proj, f.env
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	line, err := bufio.NewReader(stderr).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "promptc serve: listening on ")
	if err != nil || !ok {
		t.Fatalf("no address: %q %v", line, err)
	}
	go io.Copy(io.Discard, stderr)
	args := []string{"--cwd", f.proj, "--tools", "read,bash"}
	want := f.cold(t, args)
	run := func(t *testing.T, name string, argv ...string) {
		c := exec.Command(argv[0], append(argv[1:], args...)...)
		c.Env = append(os.Environ(), "PROMPTC_URL=http://"+addr)
		out, err := c.Output()
		if err != nil {
			t.Fatalf("%s client: %v\n%s", name, err, stderrOf(err))
		}
		if string(out) != want {
			t.Errorf("%s client printed\n%q\nwant the cold build\n%q", name, out, want)
		}
	}
	dir := t.TempDir()
	t.Run("python", func(t *testing.T) {
		python, err := exec.LookPath("python3")
		if err != nil {
			t.Skip("no python3")
		}
		p := filepath.Join(dir, "client.py")
		if err := os.WriteFile(p, []byte(py), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, "python", python, p)
	})
	t.Run("typescript", func(t *testing.T) {
		node := typeStrippingNode()
		if node == "" {
			t.Skip("no Node >= 22.6 (set PROMPTC_TEST_NODE)")
		}
		p := filepath.Join(dir, "client.mts")
		if err := os.WriteFile(p, []byte(ts), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, "typescript", node, "--experimental-strip-types", "--no-warnings", p)
	})
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}

// typeStrippingNode is a node binary that can run TypeScript, or "".
func typeStrippingNode() string {
	for _, cand := range []string{os.Getenv("PROMPTC_TEST_NODE"), "node"} {
		if cand == "" {
			continue
		}
		path, err := exec.LookPath(cand)
		if err != nil {
			continue
		}
		out, err := exec.Command(path, "--version").Output()
		if err != nil {
			continue
		}
		m := regexp.MustCompile(`^v(\d+)\.(\d+)`).FindStringSubmatch(string(out))
		if m == nil {
			continue
		}
		major, _ := strconv.Atoi(m[1])
		minor, _ := strconv.Atoi(m[2])
		if major > 22 || major == 22 && minor >= 6 {
			return path
		}
	}
	return ""
}
