package host_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
)

// A host runs pi 0.83.0's pipeline the way `promptc build` does: the
// system layer applies, the bound flags --cwd, --system-prompt and
// --approve are read with the pipeline's own flag set, and the project
// layer (.promptc.yaml) applies because --approve makes pi trust the
// project by a decision.
func Example() {
	dir, _ := os.MkdirTemp("", "promptc-host")
	defer os.RemoveAll(dir)
	dir, _ = filepath.EvalSymlinks(dir)
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		_ = os.WriteFile(p, []byte(text), 0o644)
	}
	write("etc/config.yaml", "sections:\n  company:\n    after: [cwd]\n    template: \"\\n\\nFollow the company rules.\"\n")
	write("proj/.git/HEAD", "ref: refs/heads/main\n")
	write("proj/.promptc.yaml", "sections:\n  team:\n    after: [company]\n    template: \"\\nUse tabs.\"\n")
	proj := filepath.Join(dir, "proj")

	ctx := context.Background()
	h := &host.Host{Env: host.Static{Dir: proj, Date: "2026-01-01", Vars: map[string]string{
		"HOME": filepath.Join(dir, "home"), host.EnvSystemConfig: filepath.Join(dir, "etc/config.yaml"),
	}}}
	r, err := args.Read(ctx, h, host.Request{Pipeline: "pi@0.83.0"}, []string{"--cwd", proj, "--system-prompt", "You are helpful.", "--approve"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := h.Open(ctx, r.Request)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := s.Build(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.ReplaceAll(res.Text, dir, "DIR"))
	for _, f := range r.Request.Flags {
		fmt.Println(strings.TrimSpace("flag --" + f.Name + " " + strings.ReplaceAll(f.Value, dir, "DIR")))
	}
	for _, l := range res.Layers {
		fmt.Println(l.Role, l.Status)
	}
	// Output:
	// You are helpful.
	// Current working directory: DIR/proj
	//
	// Follow the company rules.
	//
	// Use tabs.
	// flag --cwd DIR/proj
	// flag --system-prompt You are helpful.
	// flag --approve
	// base applied
	// system applied
	// user absent
	// project applied
}
