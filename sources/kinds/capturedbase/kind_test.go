package capturedbase

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/agentcapture"
	"github.com/promptc/promptc/sources"
)

func TestLoadCapture(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(root, "agents")
	base := "Intro for " + agentcapture.PlaceHome + ".\n\n# Tone\nBe brief.\n\n# Tools\nUse them.\n"
	for _, v := range []string{"0.9.0", "0.10.0"} {
		if err := agentcapture.Store(cache, agentcapture.Entry{Agent: "codex", Version: v, Model: "m"}, base+"v"+v+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	env := sources.Env{FS: os.DirFS("/").(sources.FS)}
	load := func(o Options) (Value, sources.Output, error) {
		o.Agent, o.Cache, o.Home, o.Cwd = "codex", cache, "/home/u", "/work"
		return load(context.Background(), env, &o)
	}
	v, out, err := load(Options{})
	if err != nil || !v.Found || v.Version != "0.10.0" || !strings.HasPrefix(v.Text, "Intro for /home/u.\n") || !strings.HasSuffix(v.Text, "v0.10.0\n") {
		t.Fatalf("newest: %+v %v", v, err)
	}
	if len(out.Origins) != 1 || len(v.Parts) != 3 || v.Parts[1].ID != "tone" {
		t.Errorf("origins %v, parts %+v", out.Origins, v.Parts)
	}
	v, out, _ = load(Options{Version: "0.9.0", Drop: []string{"tone"}, Replace: map[string]string{"tools": "# Tools\nOurs.\n"}, Order: []string{"tools"}})
	if want := "# Tools\nOurs.\nIntro for /home/u.\n\n"; v.Text != want {
		t.Errorf("drop, replace, order: %q, want %q", v.Text, want)
	}
	if len(out.Excluded) != 1 || out.Excluded[0].Reason != "dropped" {
		t.Errorf("excluded %+v", out.Excluded)
	}
	_, out, _ = load(Options{Drop: []string{"nope"}})
	if len(out.Diags) != 1 || out.Diags[0].Code != CodeUnknown || !strings.Contains(out.Diags[0].Message, "preamble, tone, tools") {
		t.Errorf("unknown part: %v", out.Diags)
	}
	v, out, err = load(Options{Version: "1.0.0"})
	if err != nil || v.Found || len(out.Diags) != 1 || out.Diags[0].Code != CodeMissing {
		t.Errorf("missing version: %+v %v %v", v, out.Diags, err)
	}
	if err := os.WriteFile(filepath.Join(cache, "codex", "0.9.0", agentcapture.BaseFile), []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	var ce *agentcapture.CorruptError
	if _, _, err := load(Options{Version: "0.9.0"}); !errors.As(err, &ce) {
		t.Errorf("corrupt: %v, want a CorruptError", err)
	}
}
