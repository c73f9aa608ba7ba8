package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/host"
)

// paramsFlags are params' flags (a flag without help text has the
// pipeline commands' one).
var paramsFlags = []flagDef{
	{name: "pipeline", kind: stringFlag, metavar: "NAME|FILE"}, {name: "overlay", kind: listFlag, metavar: "FILE"},
	{name: "set", kind: listFlag, metavar: "KEY=VALUE"}, {name: "no-config", kind: boolFlag},
	{name: "json", kind: boolFlag, help: "print the params as JSON"}, helpFlag,
}

// cmdParams lists a pipeline's params: type, default, doc and what sets
// each (flags, environment variables, host facts, constants), as text or
// --json.
func cmdParams(ctx context.Context, args []string, stdout io.Writer, e env) error {
	p, done, err := parseCommand("params", args, paramsFlags, 0, stdout)
	if err != nil || done {
		return err
	}
	req := host.Request{Pipeline: p.get("pipeline"), Overlays: p.list("overlay"), Sets: p.list("set"), NoConfig: p.has("no-config")}
	plan, ds, err := (&host.Host{Env: e}).Plan(ctx, req)
	if err != nil {
		return err
	}
	if ds.HasErrors() {
		return ds
	}
	if p.has("json") {
		return writeJSON(stdout, paramDocs(plan))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Params of pipeline %s", plan.Spec().Name)
	if d := plan.Spec().Description; d != "" {
		fmt.Fprintf(&b, " (%s)", d)
	}
	b.WriteString(":\n")
	for _, d := range paramDocs(plan) {
		fmt.Fprintf(&b, "\n%s  %s", d.Name, d.Type)
		if d.Nullable {
			b.WriteString(", nullable")
		}
		switch {
		case d.DefaultExpr != "":
			fmt.Fprintf(&b, "  default: = %s", d.DefaultExpr)
		case d.Default != nil:
			v, _ := json.Marshal(d.Default)
			fmt.Fprintf(&b, "  default: %s", v)
		}
		b.WriteString("\n")
		if d.Doc != "" {
			fmt.Fprintf(&b, "    %s\n", d.Doc)
		}
		if len(d.SetBy) > 0 {
			fmt.Fprintf(&b, "    set by: %s\n", strings.Join(d.SetBy, ", "))
		}
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// paramDoc is one param as `promptc params` shows it.
type paramDoc struct {
	Name        string          `json:"name"`
	Type        string          `json:"type"`
	Nullable    bool            `json:"nullable,omitempty"`
	Default     any             `json:"default,omitempty"`
	DefaultExpr string          `json:"default_expr,omitempty"`
	Doc         string          `json:"doc,omitempty"`
	Bind        []spec.BindSpec `json:"bind"`
	// SetBy describes the bindings in precedence order, for people.
	SetBy []string `json:"set_by"`
}

func paramDocs(plan *engine.Plan) []paramDoc {
	var out []paramDoc
	for _, pi := range plan.Params() {
		d := paramDoc{Name: pi.Name, Type: pi.Type, Nullable: pi.Nullable, Default: pi.Default,
			DefaultExpr: pi.DefaultExpr, Doc: pi.Doc, Bind: pi.Bind, SetBy: []string{}}
		if d.Bind == nil {
			d.Bind = []spec.BindSpec{}
		}
		for _, b := range pi.Bind {
			d.SetBy = append(d.SetBy, describeBinding(b))
		}
		out = append(out, d)
	}
	return out
}

// describeBinding says in a few words what binding b reads.
func describeBinding(b spec.BindSpec) string {
	var s string
	switch {
	case b.Flag != "" && b.Value != nil:
		s = fmt.Sprintf("--%s (sets %v)", b.Flag, jsonText(b.Value))
	case b.Flag != "":
		s = "--" + b.Flag
		if b.Metavar != "" {
			s += " " + b.Metavar
		}
	case b.Env != "":
		s = "$" + b.Env
	case b.Host != "":
		s = "the host's " + map[string]string{"wd": "working directory", "home": "home directory", "today": "local date", "os": "operating system"}[b.Host]
	default:
		s = "constant " + jsonText(b.Value)
	}
	if b.Short != "" {
		s = "-" + b.Short + "/" + s
	}
	var notes []string
	if b.Split != "" {
		notes = append(notes, fmt.Sprintf("split at %q", b.Split))
	}
	if b.Repeat == "append" {
		notes = append(notes, "repeatable")
	}
	if b.Path != "" {
		notes = append(notes, map[string]string{"resolve": "a path", "physical": "a physical path"}[b.Path])
	}
	if b.TextOrFile {
		notes = append(notes, "text or a file's content")
	}
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, ", ") + ")"
	}
	return s
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
