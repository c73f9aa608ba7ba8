package agentrun_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkRunOverhead measures the CPU promptc run spends before the agent
// starts (user + system time of the promptc process, from wait4), with a
// user layer adding a section and a project AGENTS.md:
//   - print: promptc run codex --print: finding the CLI and its version,
//     building the pipeline with the layers, choosing the sections, and
//     printing them instead of starting anything;
//   - exec: promptc run codex with a stand-in that exits at once: all of
//     the above plus the hand-over and the start, and the stand-in's own
//     CPU (wait4 counts the children promptc reaped), so an upper bound;
//   - reference=build: promptc build --pipeline codex, the same build
//     without promptc run; reference=version: promptc --version, the
//     program's start alone.
//
// The budget is 30 ms; cpu-ms/op is the figure to compare.
func BenchmarkRunOverhead(b *testing.B) {
	w := &world{}
	root := b.TempDir()
	w.root, w.home, w.proj, w.cache, w.tmp, w.bin = root, filepath.Join(root, "home"), filepath.Join(root, "proj"), filepath.Join(root, "cache"), filepath.Join(root, "tmp"), filepath.Join(root, "bin")
	for _, f := range []struct{ rel, text string }{
		{"bin/codex", "#!/bin/sh\nexit 0\n"},
		{"bin/package.json", `{"name":"@openai/codex","version":"0.171.0-linux-x64"}`},
		{"home/.config/promptc/config.yaml", teamLayer},
		{"proj/AGENTS.md", "# Rules\nUse tabs.\n"},
		{"tmp/.keep", ""},
		{"cache/.keep", ""},
	} {
		writeBench(b, filepath.Join(root, f.rel), f.text)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"print", []string{"run", "codex", "--print"}},
		{"exec", []string{"run", "codex", "--", "exec", "hi"}},
		{"reference=build", []string{"build", "--pipeline", "codex"}},
		{"reference=version", []string{"--version"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(promptcBin, c.args...)
				cmd.Dir, cmd.Env = w.proj, w.env()
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v: %s", err, out)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

func writeBench(b *testing.B, path, text string) {
	b.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		b.Fatal(err)
	}
	mode := os.FileMode(0o644)
	if filepath.Base(filepath.Dir(path)) == "bin" && filepath.Base(path) != "package.json" {
		mode = 0o755
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		b.Fatal(err)
	}
}
