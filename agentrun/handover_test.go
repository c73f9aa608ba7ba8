package agentrun

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPrepareHooks(t *testing.T) {
	dir := t.TempDir()
	agent := func(name string) Agent {
		a, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	text := "Team rule: \"quote\" <tag> & \\ back\n"
	h, err := Prepare(agent("codex"), Add, text, dir, nil)
	if err != nil || len(h.Args) != 2 || h.Args[0] != "-c" {
		t.Fatalf("codex add: %+v %v", h, err)
	}
	var back string
	if err := json.Unmarshal([]byte(strings.TrimPrefix(h.Args[1], "developer_instructions=")), &back); err != nil || back != text {
		t.Errorf("codex add: the TOML string %q does not read back as the text (%v)", h.Args[1], err)
	}
	if _, err := Prepare(agent("codex"), Add, strings.Repeat("x", maxArg), dir, nil); !errors.As(err, new(*Error)) {
		t.Errorf("codex add over the argument limit: %v, want a refusal", err)
	}
	h, err = Prepare(agent("claude-code"), Replace, text, dir, nil)
	if err != nil || h.Args[0] != "--system-prompt-file" {
		t.Fatalf("claude replace: %+v %v", h, err)
	}
	if data, _ := os.ReadFile(h.Args[1]); string(data) != text {
		t.Errorf("claude replace file holds %q", data)
	}
	if fi, err := os.Stat(h.Args[1]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("hand-over file mode: %v %v", fi, err)
	}
	if _, err := Prepare(agent("gemini"), Replace, text, dir, []string{"GEMINI_SYSTEM_MD=/mine.md"}); !errors.As(err, new(*Error)) {
		t.Errorf("gemini with the user's GEMINI_SYSTEM_MD: %v, want a refusal", err)
	}
	user := `{"model":"x/y","instructions":["team.md"],"agent":{"build":{"temperature":0.1}}}`
	for _, m := range []Mode{Add, Replace} {
		h, err = Prepare(agent("opencode"), m, text, dir, []string{"OPENCODE_CONFIG_CONTENT=" + user})
		if err != nil {
			t.Fatal(err)
		}
		var cfg map[string]any
		if err := json.Unmarshal([]byte(strings.TrimPrefix(h.Env[0], "OPENCODE_CONFIG_CONTENT=")), &cfg); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "prompt.md")
		build := cfg["agent"].(map[string]any)["build"].(map[string]any)
		switch {
		case cfg["model"] != "x/y" || build["temperature"] != 0.1:
			t.Errorf("%s: the caller's config was not kept: %v", m, cfg)
		case m == Add && (len(cfg["instructions"].([]any)) != 2 || cfg["instructions"].([]any)[1] != file):
			t.Errorf("add: instructions %v", cfg["instructions"])
		case m == Replace && build["prompt"] != "{file:"+file+"}":
			t.Errorf("replace: build agent %v", build)
		}
	}
	if _, err := Prepare(agent("opencode"), Add, text, dir, []string{"OPENCODE_CONFIG_CONTENT={not json"}); !errors.As(err, new(*Error)) {
		t.Errorf("opencode with a malformed config content: %v, want a refusal", err)
	}
}

func TestMergeEnvReplacesByName(t *testing.T) {
	got := MergeEnv([]string{"A=1", "B=2", "A=3"}, []string{"A=9", "C=4"})
	if strings.Join(got, " ") != "B=2 A=9 C=4" {
		t.Errorf("MergeEnv = %v", got)
	}
}

func TestCheckVersion(t *testing.T) {
	a, _ := Lookup("codex")
	for v, want := range map[string]string{"0.171.0": "ok", "0.172.0": "warn", "0.99.9": "refuse", "1.0.0": "warn"} {
		warn, err := CheckVersion(Installed{Agent: a, Version: v})
		got := "ok"
		switch {
		case err != nil:
			got = "refuse"
		case warn != "":
			got = "warn"
		}
		if got != want {
			t.Errorf("CheckVersion(%s) = %s, want %s", v, got, want)
		}
	}
}
