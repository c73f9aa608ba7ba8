package main

import (
	"context"
	"fmt"
	"io"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/host"
)

// validateFlags are validate's flags (a flag without help text has the
// pipeline commands' one).
var validateFlags = []flagDef{
	{name: "base", kind: stringFlag, metavar: "NAME|FILE", help: "the pipeline an overlay FILE is checked over (default: default)"},
	{name: "overlay", kind: listFlag, metavar: "FILE"}, {name: "set", kind: listFlag, metavar: "KEY=VALUE"},
	{name: "no-config", kind: boolFlag}, helpFlag,
}

// cmdValidate checks pipeline files (schema and compile) without reading
// any source. A FILE that is not a whole pipeline (it has no `promptc:`
// key) is an overlay and is checked over a base: --base NAME|FILE, else
// the base the file names with `pipeline:`, else default. With --base,
// every FILE is an overlay.
func cmdValidate(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	p, done, err := parseCommand("validate", args, validateFlags, -1, stdout)
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
// over which base pipeline: --base, else as host.LayerBase says.
func overlayBase(name string, p *parsed, e env) (base string, overlay bool) {
	if p.has("base") {
		return p.get("base"), true
	}
	return host.LayerBase(e, name)
}
