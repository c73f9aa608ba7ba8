package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/sources"
)

// cmdValidate checks pipeline files (schema and compile) without reading
// any source. A FILE that is not a whole pipeline (it has no `promptc:`
// key) is an overlay and is checked over a base: --base NAME|FILE, else
// the base the file names with `pipeline:`, else default. With --base,
// every FILE is an overlay.
func cmdValidate(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	defs := []flagDef{
		{name: "base", kind: stringFlag}, {name: "overlay", kind: listFlag},
		{name: "set", kind: listFlag}, {name: "no-config", kind: boolFlag}, {name: "help", kind: boolFlag},
	}
	p, done, err := parseCommand("validate", args, defs, -1, stdout)
	if err != nil || done {
		return err
	}
	if len(p.args) == 0 {
		return usageError{"validate needs at least one pipeline FILE or NAME (an overlay FILE is checked over --base NAME|FILE, default: default)"}
	}
	h := &host.Host{Env: e}
	var all diag.List
	var lines []string
	for _, name := range p.args {
		base, isOverlay := overlayBase(name, p, e)
		overlays := p.list("overlay")
		if isOverlay {
			overlays = append([]string{name}, overlays...)
			lines = append(lines, fmt.Sprintf("%s: ok (an overlay, over pipeline %s)", name, base))
		} else {
			base = name
			lines = append(lines, name+": ok")
		}
		_, ds, err := h.Plan(ctx, host.Request{Pipeline: base, Overlays: overlays, Sets: p.list("set"), NoConfig: p.has("no-config")})
		if err != nil {
			return err
		}
		all = append(all, ds...)
	}
	if all.HasErrors() {
		return all
	}
	printWarnings(stderr, all)
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	return nil
}

// overlayBase says whether FILE name is to be checked as an overlay, and
// over which base pipeline. A file with a promptc: or an extends: key is a
// pipeline file.
func overlayBase(name string, p *parsed, e env) (base string, overlay bool) {
	if p.has("base") {
		return p.get("base"), true
	}
	abs := name
	if !filepath.IsAbs(abs) {
		wd, err := e.Getwd()
		if err != nil {
			return "", false
		}
		abs = filepath.Join(wd, name)
	}
	data, err := sources.ReadFile(hostFS(e), abs)
	if err != nil {
		return "", false // a built-in name, or an error loadPlan reports
	}
	var top map[string]any
	if yaml.Unmarshal(data, &top) != nil || top == nil {
		return "", false
	}
	for _, key := range []string{"promptc", "extends"} {
		if _, whole := top[key]; whole {
			return "", false
		}
	}
	if b, ok := top["pipeline"].(string); ok && b != "" {
		return b, true
	}
	return "default", true
}
