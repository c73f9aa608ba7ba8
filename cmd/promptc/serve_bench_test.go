package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"testing"
)

// BenchmarkServe is one turn's prompt, warm: through serve --stdio,
// through serve over HTTP on a loopback port, and as a CLI process per
// turn, at 10, 100 and 1,000 skills (the default pipeline, the skills
// index in the prompt). Compare the three at one size for the ratios.
func BenchmarkServe(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		f := newServeFixtureSkills(b, n)
		args := []string{"--cwd", f.proj}
		body, _ := json.Marshal(map[string]any{"args": args})
		want := f.cold(b, args)
		b.Run(fmt.Sprintf("stdio/skills=%d", n), func(b *testing.B) {
			cmd := exec.Command(f.bin, "serve", "--stdio")
			cmd.Dir, cmd.Env = f.proj, f.env
			in, _ := cmd.StdinPipe()
			out, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				b.Fatal(err)
			}
			defer func() { in.Close(); cmd.Wait() }()
			r := bufio.NewReader(out)
			turn := func() {
				in.Write(append(body, '\n'))
				line, err := r.ReadBytes('\n')
				if err != nil {
					b.Fatal(err)
				}
				if decodeReply(b, line).Prompt != want {
					b.Fatal("the reply differs from the cold build")
				}
			}
			turn() // compile and the first build
			b.ResetTimer()
			for range b.N {
				turn()
			}
		})
		b.Run(fmt.Sprintf("http/skills=%d", n), func(b *testing.B) {
			cmd := exec.Command(f.bin, "serve", "--listen", "127.0.0.1:0", "--root", f.root)
			cmd.Dir, cmd.Env = f.proj, f.env
			stderr, _ := cmd.StderrPipe()
			if err := cmd.Start(); err != nil {
				b.Fatal(err)
			}
			defer func() { cmd.Process.Kill(); cmd.Wait() }()
			line, err := bufio.NewReader(stderr).ReadString('\n')
			addr, ok := strings.CutPrefix(strings.TrimSpace(line), "promptc serve: listening on ")
			if err != nil || !ok {
				b.Fatalf("no address: %q %v", line, err)
			}
			go io.Copy(io.Discard, stderr)
			turn := func() {
				resp, err := http.Post("http://"+addr+"/v1/build", "application/json", bytes.NewReader(body))
				if err != nil {
					b.Fatal(err)
				}
				data, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if decodeReply(b, data).Prompt != want {
					b.Fatal("the reply differs from the cold build")
				}
			}
			turn()
			b.ResetTimer()
			for range b.N {
				turn()
			}
		})
		b.Run(fmt.Sprintf("cli/skills=%d", n), func(b *testing.B) {
			for range b.N {
				if f.cold(b, args) != want {
					b.Fatal("the CLI's prompt changed")
				}
			}
		})
	}
}
