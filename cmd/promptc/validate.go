package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/diag"
)

// cmdValidate checks pipeline files (schema and compile) without reading
// any source. A FILE that is not a whole pipeline (it has no `promptc:`
// key) is an overlay and is checked over a base: --base NAME|FILE, else
// the base the file names with `pipeline:`, else default. With --base,
// every FILE is an overlay.
func cmdValidate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	defs := []flagDef{
		{name: "base", kind: stringFlag}, {name: "overlay", kind: listFlag},
		{name: "set", kind: listFlag}, {name: "help", kind: boolFlag},
	}
	p, done, err := parseCommand("validate", args, defs, -1, stdout)
	if err != nil || done {
		return err
	}
	if len(p.args) == 0 {
		return usageError{"validate needs at least one pipeline FILE or NAME (an overlay FILE is checked over --base NAME|FILE, default: default)"}
	}
	var all diag.List
	var lines []string
	for _, name := range p.args {
		base, isOverlay := overlayBase(name, p)
		var ds diag.List
		if isOverlay {
			_, ds, err = loadPlan(ctx, planSource{read: os.ReadFile}, base, append([]string{name}, p.list("overlay")...), p.list("set"))
			lines = append(lines, fmt.Sprintf("%s: ok (an overlay, over pipeline %s)", name, base))
		} else {
			_, ds, err = loadPlan(ctx, planSource{read: os.ReadFile}, name, p.list("overlay"), p.list("set"))
			lines = append(lines, name+": ok")
		}
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
// over which base pipeline.
func overlayBase(name string, p *parsed) (base string, overlay bool) {
	if p.has("base") {
		return p.get("base"), true
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return "", false // a built-in name, or an error loadPlan reports
	}
	var top map[string]any
	if yaml.Unmarshal(data, &top) != nil || top == nil {
		return "", false
	}
	if _, whole := top["promptc"]; whole {
		return "", false
	}
	if b, ok := top["pipeline"].(string); ok && b != "" {
		return b, true
	}
	return "default", true
}
