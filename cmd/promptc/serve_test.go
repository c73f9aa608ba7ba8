package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/promptc/promptc/serve"
)

// serveFixture is a project, a home with skills, and the environment
// promptc runs in for the serve tests.
type serveFixture struct {
	bin, root, proj, home string
	env                   []string
}

func newServeFixture(t testing.TB) *serveFixture {
	return newServeFixtureSkills(t, 10)
}

func newServeFixtureSkills(t testing.TB, skills int) *serveFixture {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: builds promptc and runs it as a server")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := &serveFixture{bin: filepath.Join(root, "bin", "promptc"), root: root, proj: filepath.Join(root, "src", "proj"), home: filepath.Join(root, "home")}
	if out, err := exec.Command("go", "build", "-o", f.bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	f.write(t, "src/proj/AGENTS.md", "Project rules, version 0.\n")
	for i := range skills {
		f.write(t, fmt.Sprintf("home/.pi/agent/skills/s%d/SKILL.md", i), fmt.Sprintf("---\nname: s%d\ndescription: Skill %d.\n---\nBody.\n", i, i))
	}
	f.age(t)
	f.env = []string{"HOME=" + f.home, "PATH=/usr/bin:/bin", "LANG=C", "TZ=UTC", "SOURCE_DATE_EPOCH=1767225600",
		"PROMPTC_SYSTEM_CONFIG=" + filepath.Join(root, "etc", "config.yaml")}
	return f
}

func (f *serveFixture) write(t testing.TB, rel, content string) {
	t.Helper()
	p := filepath.Join(f.root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// age dates every file of the fixture an hour back, out of the window in
// which a warm build trusts no cached file (a file changed in the last
// two seconds is always read again).
func (f *serveFixture) age(t testing.TB) {
	t.Helper()
	past := time.Now().Add(-time.Hour)
	err := filepath.Walk(f.root, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, past, past)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// handler is a serve handler in this process over the fixture (its home,
// its system configuration, its project as the working directory),
// allowing roots (none: every directory).
func (f *serveFixture) handler(t testing.TB, watch bool, roots ...string) *serve.Service {
	t.Helper()
	e := fakeEnv{vars: map[string]string{"HOME": f.home, "PROMPTC_SYSTEM_CONFIG": filepath.Join(f.root, "etc", "config.yaml")}, wd: f.proj}
	r, err := serve.NewRoots(roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := serve.NewService(e, r, 8, watch)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// cold is the prompt a fresh `promptc build` prints for args.
func (f *serveFixture) cold(t testing.TB, args []string) string {
	t.Helper()
	cmd := exec.Command(f.bin, append([]string{"build"}, args...)...)
	cmd.Dir, cmd.Env = f.proj, f.env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("cold build %v: %v", args, err)
	}
	return string(out)
}

type reply struct {
	Prompt string `json:"prompt"`
	Text   string `json:"text"`
	Error  *struct {
		Code, Message string
		Exit          int
	} `json:"error"`
	Diagnostics []struct{ Code, Message string } `json:"diagnostics"`
}

func decodeReply(t testing.TB, b []byte) reply {
	t.Helper()
	var r reply
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("reply %q: %v", b, err)
	}
	return r
}

// TestServeHTTPMatchesColdBuilds starts `promptc serve` on a loopback
// port and a unix socket, drives both concurrently while files change on
// disk (an edit, a new skill, a deleted one, a context file appearing in
// an ancestor, a user layer appearing), and checks every reply against a
// cold build; then garbage and a request cut off mid-way, then SIGTERM.
func TestServeHTTPMatchesColdBuilds(t *testing.T) {
	f := newServeFixture(t)
	sock := filepath.Join(f.root, "serve.sock")
	cmd := exec.Command(f.bin, "serve", "--listen", "127.0.0.1:0", "--listen", "unix:"+sock, "--root", f.root)
	cmd.Dir, cmd.Env = f.proj, f.env
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stderr)
	var tcpAddr string
	for range 2 {
		if !lines.Scan() {
			t.Fatal("the server said nothing")
		}
		if a, ok := strings.CutPrefix(lines.Text(), "promptc serve: listening on "); ok && !strings.HasPrefix(a, "unix:") {
			tcpAddr = a
		}
	}
	go io.Copy(io.Discard, stderr)
	unixClient := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "unix", sock)
	}}}
	bases := []struct {
		url string
		c   *http.Client
	}{{"http://" + tcpAddr, http.DefaultClient}, {"http://unix", unixClient}}
	variants := [][]string{
		{"--cwd", f.proj},
		{"--cwd", f.proj, "--tools", "read,grep"},
		{"--cwd", filepath.Join(f.root, "src"), "--no-skills"},
	}
	post := func(i int, args []string) reply {
		body, _ := json.Marshal(map[string]any{"args": args})
		b := bases[i%len(bases)]
		resp, err := b.c.Post(b.url+"/v1/build", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Errorf("POST: %v", err)
			return reply{}
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return decodeReply(t, data)
	}
	check := func(round string) {
		want := make([]string, len(variants))
		for i, v := range variants {
			want[i] = f.cold(t, v)
		}
		var wg sync.WaitGroup
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				v := i % len(variants)
				if r := post(i, variants[v]); r.Error != nil || r.Prompt != want[v] {
					t.Errorf("%s: request %d (%v): error %+v, prompt differs from the cold build:\n%s\n--- want\n%s", round, i, variants[v], r.Error, r.Prompt, want[v])
				}
			}()
		}
		wg.Wait()
	}
	check("start")
	edits := []struct {
		name string
		do   func()
	}{
		{"edit AGENTS.md", func() { f.write(t, "src/proj/AGENTS.md", "Project rules, version 1.\n") }},
		{"new skill", func() { f.write(t, "home/.pi/agent/skills/new/SKILL.md", "---\nname: new\ndescription: New.\n---\n") }},
		{"deleted skill", func() { os.RemoveAll(filepath.Join(f.home, ".pi/agent/skills/s3")) }},
		{"context file in an ancestor", func() { f.write(t, "src/AGENTS.md", "Repository rules.\n") }},
		{"user layer appears", func() {
			f.write(t, "home/.config/promptc/config.yaml", "sections:\n  company:\n    after: [cwd]\n    template: Company rules.\n")
		}},
		{"user layer edited", func() {
			f.write(t, "home/.config/promptc/config.yaml", "sections:\n  company:\n    after: [cwd]\n    template: Company rules, v2.\n")
		}},
		{"renamed context file", func() {
			os.Rename(filepath.Join(f.proj, "AGENTS.md"), filepath.Join(f.proj, "CLAUDE.md"))
		}},
	}
	for _, e := range edits {
		e.do()
		check(e.name)
	}

	// Requests while a file flips between two versions (each write
	// atomic, by rename: a plain rewrite is empty for a moment, for any
	// reader): every reply is one of the two cold builds, never a mix.
	a, b := "Flip A.\n", "Flip B.\n"
	f.write(t, "src/proj/CLAUDE.md", a)
	wantA := f.cold(t, variants[0])
	f.write(t, "src/proj/CLAUDE.md", b)
	wantB := f.cold(t, variants[0])
	stop := make(chan struct{})
	var flipper sync.WaitGroup
	flipper.Add(1)
	go func() {
		defer flipper.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			tmp := filepath.Join(f.proj, ".CLAUDE.md.tmp")
			if err := os.WriteFile(tmp, []byte([]string{a, b}[i%2]), 0o644); err == nil {
				os.Rename(tmp, filepath.Join(f.proj, "CLAUDE.md"))
			}
			time.Sleep(time.Millisecond)
		}
	}()
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r := post(i, variants[0]); r.Error != nil || r.Prompt != wantA && r.Prompt != wantB {
				t.Errorf("during edits: error %+v or a prompt that is neither version:\n%s", r.Error, r.Prompt)
			}
		}()
	}
	wg.Wait()
	close(stop)
	flipper.Wait()

	// Garbage, and a request cut off mid-body: the server keeps serving.
	if c, err := net.Dial("tcp", tcpAddr); err == nil {
		c.Write([]byte("\x00\x01garbage\r\n\r\n"))
		c.Close()
	}
	if c, err := net.Dial("tcp", tcpAddr); err == nil {
		fmt.Fprintf(c, "POST /v1/build HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"args\":")
		c.Close()
	}
	resp, err := http.Post("http://"+tcpAddr+"/v1/build", "application/json", strings.NewReader(`{"args": [`))
	if err != nil || resp.StatusCode != 400 {
		t.Errorf("malformed JSON: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	check("after garbage")

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v (want exit 0)", err)
	}
	if _, err := os.Stat(sock); err == nil {
		t.Error("the socket file is left behind")
	}
}

// TestServeStdio drives `promptc serve --stdio` as a child process:
// replies in order, errors that leave it serving, roots, the size limit,
// explain text, and exit 0 when its input ends.
func TestServeStdio(t *testing.T) {
	f := newServeFixture(t)
	cmd := exec.Command(f.bin, "serve", "--stdio", "--root", filepath.Join(f.root, "src"), "--root", f.home, "--max-body", "4096")
	cmd.Dir, cmd.Env = f.proj, f.env
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	replies := bufio.NewReader(out)
	ask := func(line string) reply {
		t.Helper()
		if _, err := io.WriteString(in, line+"\n"); err != nil {
			t.Fatal(err)
		}
		b, err := replies.ReadBytes('\n')
		if err != nil {
			t.Fatalf("no reply to %s: %v", line, err)
		}
		return decodeReply(t, b)
	}
	args := []string{"--cwd", f.proj, "--tools", "read"}
	want := f.cold(t, args)
	body, _ := json.Marshal(map[string]any{"args": args})
	for i := range 3 { // cold, then warm twice
		if r := ask(string(body)); r.Error != nil || r.Prompt != want {
			t.Fatalf("build %d: %+v\n%s\n--- want\n%s", i, r.Error, r.Prompt, want)
		}
	}
	if r := ask(`{"params": {"cwd": "` + f.proj + `", "tool_allowlist": ["read"]}}`); r.Prompt != want {
		t.Errorf("params by name: %+v %q", r.Error, r.Prompt)
	}
	for _, tc := range []struct{ line, code string }{
		{`not json`, "bad_request"},
		{`{"argz": []}`, "bad_request"},
		{`{"args": ["--cwd", "` + f.root + `"]}`, "outside_roots"},
		{`{"args": ["--cwd", "` + f.proj + `", "--no-such-flag"]}`, "usage"},
		{`{"args": ["--cwd", "` + f.proj + `", "--help"]}`, "usage"},
		{`{"pipeline": "nope.yaml"}`, "io"},
		{`{"args": ["--cwd", "` + f.proj + `", "--set", "sections.cwd.when=nonsense("]}`, "pipeline"},
		{`{"args": ["` + strings.Repeat("x", 5000) + `"]}`, "too_large"},
	} {
		if r := ask(tc.line); r.Error == nil || r.Error.Code != tc.code {
			t.Errorf("%.60s: reply %+v, want code %s", tc.line, r.Error, tc.code)
		}
	}
	if r := ask(`{"command": "explain", "format": "text", "args": ["--cwd", "` + f.proj + `"]}`); !strings.HasPrefix(r.Text, "promptc explain: pipeline default") {
		t.Errorf("explain text: %+v %.80q", r.Error, r.Text)
	}
	if r := ask(string(body)); r.Prompt != want {
		t.Errorf("still serving after the errors: %+v", r.Error)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("after its input ended: %v (want exit 0)", err)
	}
}

// TestServeStdioTimeout: a request over --timeout is a timeout reply.
func TestServeStdioTimeout(t *testing.T) {
	f := newServeFixture(t)
	cmd := exec.Command(f.bin, "serve", "--stdio", "--timeout", "1ns")
	cmd.Dir, cmd.Env = f.proj, f.env
	cmd.Stdin = strings.NewReader(`{"args": ["--cwd", "` + f.proj + `"]}` + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if r := decodeReply(t, out); r.Error == nil || r.Error.Code != "timeout" && r.Error.Code != "busy" {
		t.Errorf("reply %s, want a timeout", out)
	}
}

func TestServeUsage(t *testing.T) {
	for _, args := range [][]string{
		{"serve"},
		{"serve", "--stdio", "--listen", "127.0.0.1:0"},
		{"serve", "--listen", "127.0.0.1:0"}, // TCP needs --root
		{"serve", "--listen", "0.0.0.0:0", "--root", "/"},
		{"serve", "--stdio", "--timeout", "soon"},
		{"serve", "--stdio", "--root", "/no/such/dir"},
	} {
		code, _, stderr := runWith(fakeEnv{vars: map[string]string{"HOME": t.TempDir()}, wd: t.TempDir()}, args...)
		if code != exitUsage || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, stderr)
		}
	}
}
