package config_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/config"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources/osfs"
)

// A host chooses its layers: here it finds the system and user layers
// the way the CLI does, keeps only those that were found, and compiles
// them over the built-in default pipeline. (The project layer needs the
// host's trust decision first: see config.Project.)
func ExampleGlobal() {
	dir, _ := os.MkdirTemp("", "promptc-example")
	defer os.RemoveAll(dir)
	system := filepath.Join(dir, "system.yaml")
	_ = os.WriteFile(system, []byte("sections:\n  company:\n    after: [cwd]\n    template: Follow the company rules.\n"), 0o644)

	cands, err := config.Global(config.Settings{
		FS:         osfs.Root(),
		SystemPath: system,
		UserPath:   filepath.Join(dir, "no-such-user.yaml"),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var layers []spec.Layer
	for _, c := range cands {
		if c.Found {
			layers = append(layers, c.Layer)
		}
	}
	plan, diags, err := pipelines.Compile(context.Background(), "default", layers, nil)
	if err != nil || diags.HasErrors() {
		fmt.Println(err, diags)
		return
	}
	res, err := plan.Run(context.Background(), engine.Input{FS: osfs.Root(), Params: map[string]any{
		"cwd": dir, "home": dir, "agent_dir": dir + "/.pi/agent", "system_prompt": []string{"You are helpful."},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.ReplaceAll(res.Text, dir, "DIR"))
	for _, l := range res.Layers {
		fmt.Println(l.Role, l.Status)
	}
	// Output:
	// You are helpful.
	//
	// <cwd>
	// DIR
	// </cwd>
	//
	// Follow the company rules.
	// extends applied
	// extends applied
	// base applied
	// system applied
}
