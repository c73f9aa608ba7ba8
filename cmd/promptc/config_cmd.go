package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/internal/yamlpos"
)

// configFlags are config's own flags.
var configFlags = []flagDef{
	{name: "show-origin", kind: boolFlag, help: "annotate every value with the file:line:col that set it"},
	{name: "layers", kind: boolFlag, help: "print only the layers and the keys set by more than one layer"},
}

// cmdConfig prints the configuration layers in precedence order (role,
// applied, absent or ignored, path and why), the policy marks in force
// (each section a layer made locked, required or final: where, and the
// layer's role; none, no block), the keys set by more than one layer, and
// the effective merged pipeline as YAML (a pipeline file that
// builds the same prompt on its own: promptc build --pipeline FILE
// --no-config). --show-origin annotates every value with where it was
// set, --layers prints only the header (layers, locks and overrides), --json
// prints the same as data (with --show-origin, an origins object maps the
// JSON pointer of every value to where it was set). It takes build's flags, since whether the
// project layer applies depends on the project's trust.
func cmdConfig(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	s, done, err := openSession(ctx, "config", args, configFlags, 0, stdout, stderr, e)
	if err != nil || done {
		return err
	}
	ps := s.plan.Spec()
	layers := spec.SortLayers(append(append([]spec.LayerReport(nil), ps.Layers...), s.skipped...))
	if s.p.has("json") {
		eff := ps.Effective()
		var origins map[string]string
		if s.p.has("show-origin") {
			origins = leafOrigins(eff, "", ps, map[string]string{})
		}
		return writeJSON(stdout, struct {
			Layers    []spec.LayerReport `json:"layers"`
			Overrides []spec.Override    `json:"overrides"`
			Locks     []spec.SectionLock `json:"locks,omitempty"`
			Pipeline  map[string]any     `json:"pipeline"`
			Origins   map[string]string  `json:"origins,omitempty"`
		}{layers, nonNilOverrides(ps.Overrides), ps.SectionLocks(), eff, origins})
	}
	var b strings.Builder
	b.WriteString("# Layers, lowest precedence first:\n")
	for _, l := range layers {
		line := fmt.Sprintf("#   %-8s %-7s  %s", l.Role, l.Status, l.Name)
		if l.Reason != "" {
			line += ": " + l.Reason
		}
		b.WriteString(line + "\n")
	}
	if locks := ps.SectionLocks(); len(locks) > 0 {
		b.WriteString("# Locks (no layer above may change these sections, nor place anything after a final one):\n")
		for _, l := range locks {
			fmt.Fprintf(&b, "#   %s: %s at %s (%s)\n", l.Section, l.Kind, l.At, l.Role)
		}
	}
	if len(ps.Overrides) > 0 {
		b.WriteString("# Set by more than one layer:\n")
		for _, o := range ps.Overrides {
			fmt.Fprintf(&b, "#   %s: %s wins", o.Key, o.Winner.At)
			for i := len(o.Overridden) - 1; i >= 0; i-- {
				fmt.Fprintf(&b, ", over %s", o.Overridden[i].At)
			}
			b.WriteString("\n")
		}
	}
	if s.p.has("layers") {
		_, err = io.WriteString(stdout, b.String())
		return err
	}
	var origin func(string) string
	if s.p.has("show-origin") {
		origin = func(ptr string) string {
			if !present(ps.Raw(), ptr) {
				return "the pipeline's seam, for a section a layer added"
			}
			return ps.Pos(ptr).String()
		}
	}
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(yamlNode(ps.Effective(), "", origin)); err != nil {
		return err
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// leafOrigins maps the JSON pointer of every scalar in v to the
// file:line:col that set it.
func leafOrigins(v any, ptr string, ps *spec.Spec, out map[string]string) map[string]string {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			leafOrigins(e, ptr+"/"+yamlpos.Escape(k), ps, out)
		}
	case []any:
		for i, e := range x {
			leafOrigins(e, fmt.Sprintf("%s/%d", ptr, i), ps, out)
		}
	default:
		if present(ps.Raw(), ptr) {
			out[ptr] = ps.Pos(ptr).String()
		}
	}
	return out
}

// present reports whether the JSON pointer ptr names a value in v (the
// effective pipeline has values no layer wrote: the seams it makes
// explicit).
func present(v any, ptr string) bool {
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		if ptr == "" {
			break
		}
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[yamlpos.Unescape(tok)]; !ok {
				return false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return false
			}
			v = x[i]
		default:
			return false
		}
	}
	return true
}

func nonNilOverrides(o []spec.Override) []spec.Override {
	if o == nil {
		return []spec.Override{}
	}
	return o
}

// yamlNode builds the YAML of v with sorted keys, multi-line strings as
// literal blocks and, with origin, a line comment on every scalar and
// every flow list naming where it was set (maps and block lists have no
// single origin: their values do).
func yamlNode(v any, ptr string, origin func(string) string) *yaml.Node {
	var n *yaml.Node
	switch x := v.(type) {
	case map[string]any:
		n = &yaml.Node{Kind: yaml.MappingNode}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			kn := &yaml.Node{Kind: yaml.ScalarNode, Value: k}
			n.Content = append(n.Content, kn, yamlNode(x[k], ptr+"/"+yamlpos.Escape(k), origin))
		}
		return n
	case []any:
		n = &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, e := range x {
			switch e.(type) {
			case map[string]any, []any:
				n.Style = 0 // a block list: its values carry the origins
			}
		}
		for i, e := range x {
			var o func(string) string
			if n.Style == 0 {
				o = origin
			}
			n.Content = append(n.Content, yamlNode(e, fmt.Sprintf("%s/%d", ptr, i), o))
		}
		if n.Style == 0 {
			return n
		}
	case string:
		n = stringNode(x)
	default:
		n = &yaml.Node{}
		if err := n.Encode(v); err != nil {
			n = &yaml.Node{Kind: yaml.ScalarNode, Value: fmt.Sprint(v)}
		}
	}
	if origin != nil {
		n.LineComment = origin(ptr)
	}
	return n
}

// stringNode is s as a YAML scalar: a literal block when it has several
// lines and survives the round trip as one, else quoted as needed. (The
// encoder's own choice loses a leading newline.)
func stringNode(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if strings.Contains(s, "\n") {
		n.Style = yaml.DoubleQuotedStyle
		if literalKeeps(s) {
			n.Style = yaml.LiteralStyle
		}
	}
	return n
}

// literalKeeps reports whether s survives a round trip as a YAML literal
// block; the encoder loses some (a leading newline, for one), and those
// stay quoted.
func literalKeeps(s string) bool {
	out, err := yaml.Marshal(&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.LiteralStyle})
	if err != nil {
		return false
	}
	var back string
	return yaml.Unmarshal(out, &back) == nil && back == s
}
