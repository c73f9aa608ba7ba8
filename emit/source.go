package emit

import (
	"fmt"
	"slices"
	"strings"
	"text/template"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/diag"
)

// Layer roles a [LayerFile] may have, lowest precedence first.
const (
	RoleSystem  = "system"
	RoleUser    = "user"
	RoleProject = "project"
)

// LayerFile is one layer of rules as the host found it: Name is its path
// (it appears in every diagnostic), Data its bytes.
type LayerFile struct {
	Name string
	Role string
	Data []byte
}

// Rule is one composed section of the source.
type Rule struct {
	ID string `json:"id"`
	// Doc is a one-line description (Cursor's description, a heading
	// nowhere else).
	Doc string `json:"doc,omitempty"`
	// Text is the rendered template, trimmed, ending in one newline.
	Text string `json:"text"`
	// AppliesTo are slash-separated globs relative to the repository
	// root; empty means everywhere.
	AppliesTo []string `json:"applies_to,omitempty"`
	// Agents limits the rule to these agents (AgentNames); empty means
	// every agent of every target.
	Agents []string `json:"agents,omitempty"`
	// Layer is the file that defined the rule; Pos where.
	Layer string   `json:"layer"`
	Pos   diag.Pos `json:"-"`
}

// Source is the composed rules in output order (lowest layer's first,
// each layer's in file order) and the targets to write.
type Source struct {
	Rules []Rule `json:"rules"`
	// Targets are target ids (TargetIDs); empty means all of them.
	Targets []string `json:"targets"`
}

// sectionKeys are the keys a section may have.
var sectionKeys = []string{"template", "doc", "applies_to", "agents", "locked", "required", "disabled"}

// topKeys are the keys a layer may have.
var topKeys = []string{"promptc", "targets", "sections"}

// section is one layer's entry for a section id.
type section struct {
	id                         string
	template, doc              *string
	appliesTo, agents          []string
	hasAppliesTo, hasAgents    bool
	locked, required, disabled bool
	pos                        diag.Pos // of the id key
	keys                       map[string]diag.Pos
}

// Compose merges the layers, lowest precedence first. A section a lower
// layer marked locked may not be changed by a higher one; a section
// marked required (or locked) may not be disabled. Every problem of every
// layer is reported, each at its file:line:col.
func Compose(layers []LayerFile) (Source, diag.List) {
	var diags diag.List
	var src Source
	type state struct {
		sec      section
		lockedAt diag.Pos
		reqAt    diag.Pos
		layer    string
		disabled bool
	}
	byID := map[string]*state{}
	var order []string
	for _, l := range layers {
		targets, secs, ds := parseLayer(l)
		diags = append(diags, ds...)
		if targets != nil {
			src.Targets = targets
		}
		for _, s := range secs {
			st, seen := byID[s.id]
			if !seen {
				if s.template == nil && !s.disabled {
					diags.Errorf(s.pos, "emit/undefined", "section %s is defined by no lower layer and has no template", s.id)
					continue
				}
				st = &state{sec: s, layer: l.Name}
				byID[s.id] = st
				order = append(order, s.id)
			} else {
				if !st.lockedAt.IsZero() && changes(st.sec, s) {
					diags.Errorf(firstKey(s), "emit/locked", "section %s is locked by %s", s.id, st.lockedAt)
					continue
				}
				if s.disabled && (!st.reqAt.IsZero() || !st.lockedAt.IsZero()) {
					at := st.reqAt
					if at.IsZero() {
						at = st.lockedAt
					}
					diags.Errorf(s.keys["disabled"], "emit/required", "section %s is required by %s and may not be disabled", s.id, at)
					continue
				}
				mergeSection(&st.sec, s)
				st.layer = l.Name
			}
			if s.locked {
				st.lockedAt = s.keys["locked"]
			}
			if s.required {
				st.reqAt = s.keys["required"]
			}
			st.disabled = s.disabled
		}
	}
	for _, id := range order {
		st := byID[id]
		if st.disabled {
			continue
		}
		text, err := render(id, *st.sec.template)
		if err != nil {
			diags.Errorf(st.sec.keys["template"], "emit/template", "section %s: %v", id, err)
			continue
		}
		r := Rule{ID: id, Text: text, AppliesTo: st.sec.appliesTo, Agents: st.sec.agents, Layer: st.layer, Pos: st.sec.pos}
		if st.sec.doc != nil {
			r.Doc = *st.sec.doc
		}
		if strings.TrimSpace(r.Text) == "" {
			diags.Errorf(st.sec.keys["template"], "emit/empty", "section %s renders to no text", id)
			continue
		}
		src.Rules = append(src.Rules, r)
	}
	return src, diags
}

// changes reports whether higher changes any value of a locked section.
func changes(lower, higher section) bool {
	eq := func(a, b *string) bool { return a == nil || b != nil && *a == *b }
	return !eq(higher.template, lower.template) || !eq(higher.doc, lower.doc) ||
		higher.hasAppliesTo && !slices.Equal(higher.appliesTo, lower.appliesTo) ||
		higher.hasAgents && !slices.Equal(higher.agents, lower.agents) || higher.disabled
}

// firstKey is the position of a section's first key, else of its id.
func firstKey(s section) diag.Pos {
	best := s.pos
	for _, p := range s.keys {
		if best == s.pos || p.Line < best.Line || p.Line == best.Line && p.Column < best.Column {
			best = p
		}
	}
	return best
}

// mergeSection applies a higher layer's values over a section.
func mergeSection(dst *section, s section) {
	if s.template != nil {
		dst.template = s.template
		dst.keys["template"] = s.keys["template"]
	}
	if s.doc != nil {
		dst.doc = s.doc
	}
	if s.hasAppliesTo {
		dst.appliesTo, dst.hasAppliesTo = s.appliesTo, true
	}
	if s.hasAgents {
		dst.agents, dst.hasAgents = s.agents, true
	}
}

// render executes a section's template (Go text/template, no data): a
// template is usually plain text. The result is trimmed and ends in one
// newline.
func render(id, text string) (string, error) {
	t, err := template.New(id).Option("missingkey=error").Parse(text)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := t.Execute(&b, nil); err != nil {
		return "", err
	}
	out := strings.TrimSpace(b.String())
	if out == "" {
		return "", nil
	}
	return out + "\n", nil
}

// parseLayer reads one layer: its targets (nil when it sets none) and its
// sections in file order.
func parseLayer(l LayerFile) ([]string, []section, diag.List) {
	var diags diag.List
	var doc yaml.Node
	if err := yaml.Unmarshal(l.Data, &doc); err != nil {
		line := 1
		msg := err.Error()
		if n, ok := yamlErrLine(msg); ok {
			line = n
		}
		diags.Errorf(diag.Pos{File: l.Name, Line: line, Column: 1}, "emit/yaml", "%s", strings.TrimPrefix(msg, "yaml: "))
		return nil, nil, diags
	}
	if len(doc.Content) == 0 {
		return nil, nil, nil // an empty file is a layer with nothing in it
	}
	top := doc.Content[0]
	at := func(n *yaml.Node) diag.Pos { return diag.Pos{File: l.Name, Line: n.Line, Column: n.Column} }
	if top.Kind != yaml.MappingNode {
		diags.Errorf(at(top), "emit/shape", "a rules file is a mapping with sections: (and optionally targets:)")
		return nil, nil, diags
	}
	var targets []string
	var secs []section
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		switch k.Value {
		case "promptc":
			if v.Value != "1" {
				diags.Errorf(at(v), "emit/version", "promptc: %s is not a version this promptc reads (1)", v.Value)
			}
		case "targets":
			list, ok := stringList(v)
			if !ok {
				diags.Errorf(at(v), "emit/shape", "targets: is a list of target names")
				continue
			}
			targets = []string{}
			for j, t := range list {
				if _, known := targetByID(t); !known {
					d := diag.Diagnostic{Severity: diag.Error, Code: "emit/unknown-target", Pos: at(v.Content[j]),
						Message: fmt.Sprintf("unknown target %q", t), Hint: "targets are " + strings.Join(TargetIDs(), ", ")}
					if s := diag.DidYouMean(t, TargetIDs()); s != "" {
						d.Hint = fmt.Sprintf("did you mean %q? targets are %s", s, strings.Join(TargetIDs(), ", "))
					}
					diags = append(diags, d)
					continue
				}
				targets = append(targets, t)
			}
		case "sections":
			if v.Kind != yaml.MappingNode {
				diags.Errorf(at(v), "emit/shape", "sections: is a mapping of section ids to sections")
				continue
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				s, ds := parseSection(l.Name, v.Content[j], v.Content[j+1])
				diags = append(diags, ds...)
				if ds.HasErrors() {
					continue
				}
				secs = append(secs, s)
			}
		default:
			unknownKey(&diags, at(k), "", k.Value, topKeys)
		}
	}
	return targets, secs, diags
}

// parseSection reads one section entry.
func parseSection(file string, k, v *yaml.Node) (section, diag.List) {
	var diags diag.List
	at := func(n *yaml.Node) diag.Pos { return diag.Pos{File: file, Line: n.Line, Column: n.Column} }
	s := section{id: k.Value, pos: at(k), keys: map[string]diag.Pos{}}
	if !validID(s.id) {
		diags.Errorf(at(k), "emit/id", "section id %q: use letters, digits, '-' and '_' (it names files)", s.id)
	}
	if v.Kind != yaml.MappingNode {
		diags.Errorf(at(v), "emit/shape", "section %s is a mapping (template:, applies_to:, agents:, doc:)", s.id)
		return s, diags
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		kk, vv := v.Content[i], v.Content[i+1]
		s.keys[kk.Value] = at(kk)
		switch kk.Value {
		case "template", "doc":
			if vv.Kind != yaml.ScalarNode || vv.Tag == "!!null" {
				diags.Errorf(at(vv), "emit/shape", "%s.%s is a string", s.id, kk.Value)
				continue
			}
			val := vv.Value
			if kk.Value == "template" {
				s.template = &val
			} else {
				s.doc = &val
			}
		case "applies_to", "agents":
			list, ok := stringList(vv)
			if !ok {
				diags.Errorf(at(vv), "emit/shape", "%s.%s is a list of strings", s.id, kk.Value)
				continue
			}
			if kk.Value == "agents" {
				for j, a := range list {
					if !slices.Contains(AgentNames(), a) {
						d := diag.Diagnostic{Severity: diag.Error, Code: "emit/unknown-agent", Pos: at(vv.Content[j]),
							Message: fmt.Sprintf("unknown agent %q", a), Hint: "agents are " + strings.Join(AgentNames(), ", ")}
						if sug := diag.DidYouMean(a, AgentNames()); sug != "" {
							d.Hint = fmt.Sprintf("did you mean %q?", sug)
						}
						diags = append(diags, d)
					}
				}
				s.agents, s.hasAgents = list, true
				continue
			}
			for j, p := range list {
				if err := checkPattern(p); err != nil {
					diags.Errorf(at(vv.Content[j]), "emit/glob", "%s.applies_to %q: %v", s.id, p, err)
				}
			}
			s.appliesTo, s.hasAppliesTo = list, true
		case "locked", "required", "disabled":
			b, ok := boolValue(vv)
			if !ok {
				diags.Errorf(at(vv), "emit/shape", "%s.%s is true or false", s.id, kk.Value)
				continue
			}
			switch kk.Value {
			case "locked":
				s.locked = b
			case "required":
				s.required = b
			default:
				s.disabled = b
			}
		default:
			unknownKey(&diags, at(kk), s.id+".", kk.Value, sectionKeys)
		}
	}
	return s, diags
}

func unknownKey(diags *diag.List, pos diag.Pos, prefix, key string, known []string) {
	d := diag.Diagnostic{Severity: diag.Error, Code: "emit/unknown-key", Pos: pos, Message: fmt.Sprintf("unknown key %s%s", prefix, key),
		Hint: "keys are " + strings.Join(known, ", ")}
	if s := diag.DidYouMean(key, known); s != "" {
		d.Hint = fmt.Sprintf("did you mean %q?", s)
	}
	*diags = append(*diags, d)
}

func stringList(n *yaml.Node) ([]string, bool) {
	if n.Kind != yaml.SequenceNode {
		return nil, false
	}
	out := make([]string, 0, len(n.Content))
	for _, c := range n.Content {
		if c.Kind != yaml.ScalarNode || c.Tag == "!!null" {
			return nil, false
		}
		out = append(out, c.Value)
	}
	return out, true
}

func boolValue(n *yaml.Node) (bool, bool) {
	var b bool
	if n.Kind != yaml.ScalarNode || n.Decode(&b) != nil {
		return false, false
	}
	return b, true
}

// validID reports whether id can name a rule file.
func validID(id string) bool {
	if id == "" || len(id) > 100 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// yamlErrLine finds "line N" in a yaml.v3 error message.
func yamlErrLine(msg string) (int, bool) {
	i := strings.Index(msg, "line ")
	if i < 0 {
		return 0, false
	}
	n := 0
	for _, c := range msg[i+5:] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n, n > 0
}
