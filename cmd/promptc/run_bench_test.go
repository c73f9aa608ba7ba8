package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRunPrint is promptc run's work before the agent starts, in one
// process: find the CLI (a stand-in codex whose package.json gives the
// version), build the codex pipeline with a user layer that adds a
// section and a project AGENTS.md, choose what to hand over (--print
// writes it instead of starting anything). Process start and package
// initialisation are measured by agentrun's BenchmarkRunOverhead.
func BenchmarkRunPrint(b *testing.B) {
	root, err := filepath.EvalSymlinks(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	for rel, text := range map[string]string{
		"bin/codex":                        "#!/bin/sh\nexit 0\n",
		"bin/package.json":                 `{"name":"@openai/codex","version":"0.171.0-linux-x64"}`,
		"home/.config/promptc/config.yaml": "sections:\n  team:\n    order: 1000\n    template: \"TEAM: answer in one word.\"\n",
		"proj/AGENTS.md":                   "# Rules\nUse tabs.\n",
	} {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	e := fakeEnv{vars: map[string]string{"HOME": root + "/home", "PATH": root + "/bin", "XDG_CONFIG_HOME": root + "/home/.config"}, wd: root + "/proj"}
	for b.Loop() {
		var out, errb bytes.Buffer
		if code := run(context.Background(), []string{"run", "codex", "--print"}, &out, &errb, e); code != 0 {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
	}
}
