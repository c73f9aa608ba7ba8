package engine

import (
	"fmt"
	"reflect"

	"github.com/promptc/promptc/engine/spec"
)

// Host facts a binding may name (BindSpec.Host).
var hostFacts = map[string]bool{"wd": true, "home": true, "today": true, "os": true}

// flagUse is what compileBindings remembers of a flag name to catch
// conflicting bindings.
type flagUse struct {
	param      string
	takesValue bool
}

// compileBindings checks every param's bindings: each names one source
// (flag, env, host) or is a constant, its options fit the param's type,
// and a flag bound by several params takes an argument in all or none.
func (c *compiler) compileBindings() {
	flags := map[string]flagUse{}
	for _, name := range sortedKeys(c.spec.Params) {
		pp, ok := c.plan.params[name]
		if !ok {
			continue
		}
		for i, b := range c.spec.Params[name].Bind {
			ptr := fmt.Sprintf("/params/%s/bind/%d", name, i)
			for _, msg := range bindProblems(b, pp, c.spec.Params) {
				c.diags.Errorf(c.spec.Pos(ptr), "param/bind", "param %s: %s", name, msg)
			}
			if b.Value != nil {
				if _, err := coerce(b.Value, pp.typ); err != nil {
					c.diags.Errorf(c.spec.Pos(ptr+"/value"), "param/bind", "param %s: binding value: %v", name, err)
				}
			}
			for _, f := range []string{"--" + b.Flag, "-" + b.Short} {
				if f == "--" || f == "-" {
					continue
				}
				use := flagUse{param: name, takesValue: b.Value == nil}
				if prev, seen := flags[f]; seen && prev.takesValue != use.takesValue {
					c.diags.Errorf(c.spec.Pos(ptr), "param/bind", "flag %s takes an argument for param %s but not for param %s",
						f, pick(prev.takesValue, prev.param, name), pick(prev.takesValue, name, prev.param))
					continue
				}
				flags[f] = use
			}
		}
	}
}

func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}

// bindProblems lists what is wrong with binding b of param pp.
func bindProblems(b spec.BindSpec, pp *paramPlan, params map[string]spec.ParamSpec) []string {
	var out []string
	n := 0
	for _, set := range []bool{b.Flag != "", b.Env != "", b.Host != ""} {
		if set {
			n++
		}
	}
	typ := pp.spec.Type
	text := n > 0 && b.Value == nil // the binding yields text to convert
	switch {
	case n > 1:
		out = append(out, "a binding has only one of flag, env and host")
	case n == 0 && b.Value == nil:
		out = append(out, "a binding needs a flag, env, host or value")
	}
	if b.Short != "" && b.Flag == "" {
		out = append(out, "short needs flag")
	}
	if b.Host != "" && !hostFacts[b.Host] {
		out = append(out, fmt.Sprintf("unknown host fact %q (known: home, today, wd)", b.Host))
	}
	if b.Value != nil && (b.Env != "" || b.Host != "") {
		out = append(out, "value goes with a flag (which then takes no argument) or alone (a constant)")
	}
	if b.Value != nil && (b.Split != "" || b.TextOrFile || (b.Path != "" && b.Flag != "")) {
		out = append(out, "a flag with a value takes no text to split, read or resolve")
	}
	if text && typ == "map" {
		out = append(out, "a map param cannot be set from text (use --params)")
	}
	if b.Split != "" && typ != "list" {
		out = append(out, "split is for list params")
	}
	if b.Repeat != "" && b.Repeat != "last" && b.Repeat != "append" {
		out = append(out, fmt.Sprintf("repeat %q is not last or append", b.Repeat))
	}
	if b.Repeat == "append" && (typ != "list" || b.Flag == "") {
		out = append(out, "repeat: append is for flags of list params")
	}
	if b.Path != "" && b.Path != "resolve" && b.Path != "physical" {
		out = append(out, fmt.Sprintf("path %q is not resolve or physical", b.Path))
	}
	if b.Require != "" && (b.Require != "dir" || b.Path == "") {
		out = append(out, "require: dir goes with path: (resolve or physical)")
	}
	if (b.Path != "" || b.TextOrFile || b.Host != "") && typ != "string" && typ != "list" {
		out = append(out, "path, text_or_file and host are for string (or list) params")
	}
	if b.RelativeTo != "" {
		ps, ok := params[b.RelativeTo]
		switch {
		case !b.TextOrFile:
			out = append(out, "relative_to goes with text_or_file")
		case !ok || ps.Type != "string":
			out = append(out, fmt.Sprintf("relative_to names %q, which is no string param", b.RelativeTo))
		}
	}
	return out
}

// ParamInfo describes one declared param, for hosts that set params from
// their own inputs (package bind) and for documentation.
type ParamInfo struct {
	Name        string
	Type        string // string, bool, int, list or map
	GoType      reflect.Type
	Nullable    bool
	Default     any // the default converted to the param's type; nil without one
	DefaultExpr string
	Doc         string
	Bind        []spec.BindSpec
	// LockedBy is where a layer locked the param (file:line:col), or "":
	// a locked param takes its default and no caller may set it.
	LockedBy string
}

// Params describes the declared params, sorted by name.
func (p *Plan) Params() []ParamInfo {
	out := make([]ParamInfo, 0, len(p.params))
	for _, name := range p.SortedParams() {
		pp := p.params[name]
		pi := ParamInfo{Name: name, Type: pp.spec.Type, GoType: pp.typ, Nullable: pp.spec.Nullable,
			DefaultExpr: pp.spec.DefaultExpr, Doc: pp.spec.Doc, Bind: pp.spec.Bind}
		if pp.spec.Default != nil {
			pi.Default = pp.def
		}
		pi.LockedBy = p.spec.LockedBy("/params/" + name)
		out = append(out, pi)
	}
	return out
}
