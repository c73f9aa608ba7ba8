package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources"
)

func cmdBuild(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	s, done, err := openSession(ctx, "build", args, []flagDef{inputFlag}, 0, stdout, stderr, e)
	if err != nil || done {
		return err
	}
	p := s.p
	if len(p.list("input")) > 1 && !p.has("json") {
		return usageError{"--input more than once needs --json (one run each); without it, build prints one run's prompt"}
	}
	s.withRuns()
	res, err := s.run(ctx)
	if err != nil {
		return err
	}
	printWarnings(stderr, res.Diagnostics)
	printRuns(stderr, res.Runs)
	if p.has("json") {
		if r, ok := e.(resultEnv); ok {
			r.TakeResult(res)
			return nil
		}
		return writeJSON(stdout, res)
	}
	text := res.Text
	if len(res.Runs) == 1 {
		text = res.Runs[0].Prompt
	}
	_, err = io.WriteString(stdout, text)
	return err
}

func cmdExpand(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	s, done, err := openSession(ctx, "expand", args, nil, -1, stdout, stderr, e)
	if err != nil || done {
		return err
	}
	p, plan, in := s.p, s.plan, s.in
	if len(p.args) != 1 {
		return usageError{"expand takes exactly one LINE argument (use -- before it)"}
	}
	ex := plan.Spec().Expand
	var ids []string
	for _, id := range []string{ex.Skills, ex.Templates} {
		if id != "" {
			ids = append(ids, id)
		}
	}
	outs, err := plan.Resolve(ctx, in, ids...)
	if err != nil {
		return err
	}
	var skills sources.SkillLister
	var templates sources.TemplateLister
	var warnings diag.List
	if o, ok := outs[ex.Skills]; ok {
		warnings = append(warnings, o.Diags...)
		skills, _ = o.Value.(sources.SkillLister)
	}
	if o, ok := outs[ex.Templates]; ok {
		warnings = append(warnings, o.Diags...)
		templates, _ = o.Value.(sources.TemplateLister)
	}
	fsys, ok := in.FS.(sources.FS)
	if !ok {
		return fmt.Errorf("the OS file system does not support symlink inspection")
	}
	text, ds, err := piExpand(ctx, fsys, p.args[0], skills, templates)
	if err != nil {
		return err
	}
	printWarnings(stderr, append(warnings, ds...))
	if p.has("json") {
		return writeJSON(stdout, map[string]any{"input": p.args[0], "expanded": text})
	}
	_, err = io.WriteString(stdout, text)
	return err
}

// layerStack is what one compile loads: the base pipeline (a built-in
// NAME or a FILE), the configuration layers that apply, --overlay files
// and --set overrides.
type layerStack struct {
	base      string
	config    []engine.Layer
	overlays  []string
	toolFiles []string
	sets      []string
}

// loadPlan loads and compiles st. File problems are errors (exit 3);
// pipeline problems are diagnostics (exit 1).
func loadPlan(ctx context.Context, src planSource, st layerStack) (*engine.Plan, diag.List, error) {
	baseLayer, err := baseLayer(src, st.base)
	if err != nil {
		return nil, nil, err
	}
	layers := append([]engine.Layer{baseLayer}, st.config...)
	for _, o := range st.overlays {
		data, err := src.read(o)
		if err != nil {
			return nil, nil, fmt.Errorf("reading overlay: %w", err)
		}
		layers = append(layers, engine.Layer{Name: filepath.ToSlash(o), Data: data, Role: engine.RoleOverlay})
	}
	tools, err := toolFileLayers(src, st.toolFiles)
	if err != nil {
		return nil, nil, err
	}
	layers = withDirs(append(layers, tools...), src.wd)
	var setList []engine.Set
	for _, s := range st.sets {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return nil, nil, usageError{fmt.Sprintf("--set %q: want KEY=VALUE", s)}
		}
		setList = append(setList, engine.Set{Key: k, Value: v})
	}
	return src.compile(ctx, layers, setList)
}

// baseLayer reads the base pipeline: a built-in NAME or a FILE.
func baseLayer(src planSource, name string) (engine.Layer, error) {
	if l, ok := pipelines.Layer(name); ok {
		return l, nil
	}
	data, err := src.read(name)
	if err != nil {
		if os.IsNotExist(err) && !strings.ContainsAny(name, `/\.`) {
			msg := fmt.Sprintf("no pipeline %q (built in: %s; or give a file path)", name, strings.Join(pipelines.Names(), ", "))
			if s := diag.DidYouMean(name, pipelines.Names()); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return engine.Layer{}, usageError{msg}
		}
		return engine.Layer{}, fmt.Errorf("reading pipeline: %w", err)
	}
	return engine.Layer{Name: filepath.ToSlash(name), Data: data, Role: engine.RoleBase}, nil
}

func printWarnings(w io.Writer, ds diag.List) {
	for _, d := range ds {
		s := d.String()
		if d.Path != "" && !strings.Contains(s, d.Path) {
			s = d.Path + ": " + s
		}
		if !strings.HasPrefix(s, "Warning:") {
			s = "warning: " + s
		}
		fmt.Fprintln(w, s)
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
