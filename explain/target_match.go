package explain

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// byName returns one answer builder per thing of the pipeline named name
// (of kind, when given): sections, skills, templates and tools.
func (a *asker) byName(kind, name string) []func() *Answer {
	var out []func() *Answer
	for _, k := range a.kindsOf(kind, name) {
		switch k {
		case "section":
			out = append(out, func() *Answer { return a.section(name) })
		case "skill":
			out = append(out, func() *Answer { sk, group := a.r.findSkill(name, ""); return a.skill(sk, group) })
		case "template":
			out = append(out, func() *Answer { return a.template(name, "") })
		case "tool":
			out = append(out, func() *Answer { return a.tool(name) })
		}
	}
	return out
}

// kindsOf lists the kinds that have a thing named name, in a fixed order.
func (a *asker) kindsOf(kind, name string) []string {
	var out []string
	for _, k := range []string{"section", "skill", "template", "tool"} {
		if (kind == "" || kind == k) && slices.Contains(a.namesOf(k), name) {
			out = append(out, k)
		}
	}
	return out
}

// names lists every name of kind ("" for all), for suggestions.
func (a *asker) names(kind string) []string {
	var out []string
	for _, k := range []string{"section", "skill", "template", "tool"} {
		if kind == "" || kind == k {
			out = append(out, a.namesOf(k)...)
		}
	}
	return out
}

func (a *asker) namesOf(kind string) []string {
	var out []string
	switch kind {
	case "section":
		for _, s := range a.r.Sections {
			out = append(out, s.ID)
		}
	case "skill":
		if s := a.r.Skills; s != nil {
			for _, g := range [][]Skill{s.Listed, s.Unlisted, s.Hidden, s.Unavailable} {
				for _, k := range g {
					out = append(out, k.Name)
				}
			}
		}
	case "template":
		for _, t := range a.q.Templates {
			out = append(out, t.Name)
		}
	case "tool":
		if t := a.r.Tools; t != nil {
			out = append(out, t.Active...)
		}
		for _, w := range a.r.WhyNot {
			if n, ok := strings.CutPrefix(w.Path, "tool:"); ok {
				out = append(out, n)
			}
		}
	}
	return out
}

// findSkill finds a loaded skill by name, or by path (its file or its
// directory), and says in which group it is.
func (r *Report) findSkill(name, p string) (Skill, string) {
	s := r.Skills
	if s == nil {
		return Skill{}, ""
	}
	for _, g := range []struct {
		name string
		list []Skill
	}{{"listed", s.Listed}, {"unavailable", s.Unavailable}, {"hidden", s.Hidden}, {"unlisted", s.Unlisted}} {
		for _, k := range g.list {
			if (name != "" && k.Name == name) || (p != "" && (k.Path == p || path.Dir(k.Path) == p)) {
				return k, g.name
			}
		}
	}
	return Skill{}, ""
}

// prompt is the prompt text: the active sections joined.
func (r *Report) prompt() string {
	var parts []string
	for _, s := range r.Sections {
		if s.Active {
			parts = append(parts, s.Text)
		}
	}
	return strings.Join(parts, r.Join)
}

// where locates bytes [off, off+n) of section s's text in the prompt; a
// negative off means the whole section.
func (r *Report) where(s Section, off, n int) *Where {
	if off < 0 {
		off, n = 0, len(s.Text)
	}
	p := r.prompt()
	start, end := s.Start+off, s.Start+off+n
	if end > len(p) || start > end {
		return nil
	}
	first := 1 + strings.Count(p[:start], "\n")
	// A text that starts with blank lines starts at its first text line.
	for start < end && p[start] == '\n' {
		start++
		first++
	}
	last := first + strings.Count(strings.TrimRight(p[start:end], "\n"), "\n")
	return &Where{Section: s.ID, Start: start, End: end, FirstLine: first, LastLine: last}
}

// whereLine locates the line of section s holding needle (the whole
// section when no line does).
func (r *Report) whereLine(s Section, needle string) *Where {
	i := strings.Index(s.Text, needle)
	if needle == "" || i < 0 {
		return r.where(s, -1, 0)
	}
	lo := strings.LastIndexByte(s.Text[:i], '\n') + 1
	hi := strings.IndexByte(s.Text[i:], '\n')
	if hi < 0 {
		hi = len(s.Text) - i
	}
	return r.where(s, lo, i+hi-lo)
}

// sectionByID returns the section id.
func (r *Report) sectionByID(id string) (Section, bool) {
	for _, s := range r.Sections {
		if s.ID == id {
			return s, true
		}
	}
	return Section{}, false
}

// section answers about a section.
func (a *asker) section(id string) *Answer {
	s, _ := a.r.sectionByID(id)
	ans := &Answer{Pipeline: a.r.Pipeline, Kind: "section", Name: id}
	switch {
	case s.Disabled:
		ans.Rule, ans.Because = RuleDisabled, "disabled by "+s.DisabledBy
		ans.Change = fmt.Sprintf("--set sections.%s.disabled=false, or remove disabled: true from that layer", id)
	case !s.Active && a.cutOf(id, "") != nil:
		c := a.cutOf(id, "")
		ans.Rule, ans.Because = RuleCap, c.Reason+": "+c.Detail
	case !s.Active:
		ans.Rule = RuleCondition
		ans.Because = "its condition is false: when " + s.When
		if len(s.FalseTerms) > 0 {
			ans.Because += "; false: " + strings.Join(s.FalseTerms, "; ")
		}
		if len(s.Uses) > 0 {
			ans.Change = "the params and sources it reads: " + strings.Join(s.Uses, ", ")
		}
	default:
		ans.InPrompt, ans.Rule = true, RuleListed
		ans.Where = a.r.where(s, -1, 0)
		ans.Because = fmt.Sprintf("section %d of %d in output order", s.Index, len(a.r.Sections))
		if s.When != "" {
			ans.Because += "; its condition is true: " + s.When
		}
		if c := a.cutOf(id, ""); c != nil {
			ans.Rule, ans.Because = RuleCap, ans.Because+"; "+c.Reason+": "+c.Detail
		}
		if s.Layer != "" {
			ans.Because += "; added by " + s.Layer
		}
		ans.Change = fmt.Sprintf("--set sections.%s.disabled=true (or disabled: true in a layer) leaves it out", id)
	}
	return ans
}

// cutOf returns the cut entry of section id (path "" for the section's
// own) or of path p.
func (a *asker) cutOf(id, p string) *WhyNot {
	for i, w := range a.r.WhyNot {
		if w.Kind == KindCut && ((p == "" && w.Section == id && w.Source == "") || (p != "" && w.Path == p)) {
			return &a.r.WhyNot[i]
		}
	}
	return nil
}

// renderedBy returns the first active section that lists path p among its
// files.
func (r *Report) renderedBy(p string) (Section, bool) {
	for _, s := range r.Sections {
		if !s.Active {
			continue
		}
		for _, f := range s.Files {
			if f.Path == p {
				return s, true
			}
		}
	}
	return Section{}, false
}

// skill answers about a loaded skill of group (listed, unavailable,
// hidden, unlisted).
func (a *asker) skill(k Skill, group string) *Answer {
	src := a.r.Skills.Source
	ans := &Answer{Pipeline: a.r.Pipeline, Kind: "skill", Name: k.Name, Path: k.Path}
	switch group {
	case "hidden":
		ans.Rule, ans.Because = RuleHidden, fmt.Sprintf("source %s loaded it, but its disable-model-invocation keeps it out of the index; it stays invocable by name", src)
		ans.Change = "remove disable-model-invocation from its frontmatter"
		return ans
	case "unlisted":
		ans.Rule, ans.Because = RuleUnlisted, fmt.Sprintf("source %s loaded it, but no active section renders the skills", src)
		for _, s := range a.r.Sections {
			if !s.Active && slices.Contains(s.Uses, src) {
				ans.Because += fmt.Sprintf("; section %s is off: ", s.ID)
				if s.Disabled {
					ans.Because += "disabled by " + s.DisabledBy
				} else {
					ans.Because += "when " + s.When
					if len(s.FalseTerms) > 0 {
						ans.Because += "; false: " + strings.Join(s.FalseTerms, "; ")
					}
				}
				break
			}
		}
		return ans
	}
	ans.InPrompt, ans.Rule = true, RuleListed
	ans.Because = fmt.Sprintf("source %s loaded it (%s scope)", src, k.Scope)
	if group == "unavailable" {
		ans.Because += "; it is listed as not ready: it misses " + k.Missing
	}
	for _, id := range a.r.Skills.Sections {
		if s, ok := a.r.sectionByID(id); ok {
			needle := k.Path
			if !strings.Contains(s.Text, needle) {
				needle = path.Dir(k.Path)
			}
			if !strings.Contains(s.Text, needle) {
				needle = k.Name
			}
			ans.Where = a.r.whereLine(s, needle)
			break
		}
	}
	return ans
}

// tool answers about a tool.
func (a *asker) tool(name string) *Answer {
	ans := &Answer{Pipeline: a.r.Pipeline, Kind: "tool", Name: name}
	t := a.r.Tools
	if t != nil && slices.Contains(t.Active, name) {
		ans.Rule = RuleListed
		ans.Because = fmt.Sprintf("source %s makes it active", t.Source)
		if len(t.Sections) == 0 {
			ans.Rule, ans.Because = RuleUnlisted, ans.Because+", but no active section renders the tools"
			return ans
		}
		for _, l := range t.Listed {
			if l.Name != name {
				continue
			}
			for _, id := range t.Sections {
				if s, ok := a.r.sectionByID(id); ok && strings.Contains(s.Text, l.Snippet) {
					ans.InPrompt, ans.Where = true, a.r.whereLine(s, l.Snippet)
					break
				}
			}
		}
		if !ans.InPrompt {
			ans.Because += "; the prompt lists no line for it"
		}
		return ans
	}
	for _, w := range a.r.WhyNot {
		if w.Path == "tool:"+name {
			ans.Rule, ans.Because = RuleInactive, fmt.Sprintf("source %s: %s", w.Source, reasonText(w))
			break
		}
	}
	return ans
}

// template answers about a prompt template by name or path.
func (a *asker) template(name, p string) *Answer {
	for _, t := range a.q.Templates {
		if t.Name == name || (p != "" && t.Path == p) {
			return &Answer{Pipeline: a.r.Pipeline, Kind: "template", Name: t.Name, Path: t.Path, Rule: RuleNotPrompt,
				Because: fmt.Sprintf("source %s loaded it; a prompt template expands a user message ('promptc expand \"/%s ...\"'), never the system prompt", a.q.TemplateSource, t.Name)}
		}
	}
	return nil
}

// reasonText is a why-not entry's reason and detail.
func reasonText(w WhyNot) string {
	if w.Detail == "" {
		return w.Reason
	}
	return w.Reason + ": " + w.Detail
}
