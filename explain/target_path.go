package explain

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// path answers about the file or directory p (target t as typed): a
// context file, a skill, a template, a layer, the body or appended text,
// something a source left out, or a place another agent reads.
func (a *asker) path(t, p string) (*Answer, error) {
	ans := a.pathAnswer(p)
	if ans == nil {
		if !a.exists(p) {
			return nil, &TargetError{Target: t, Message: fmt.Sprintf("explain: %s: no such file or directory, and pipeline %s reads nothing there", p, a.r.Pipeline),
				Hint: "a name without a slash asks about a section, skill, template or tool"}
		}
		ans = &Answer{Pipeline: a.r.Pipeline, Kind: "file", Path: p, Rule: RuleNoSource,
			Because: fmt.Sprintf("no source of pipeline %s reads it (it is not a context file, skill, template or layer this pipeline looks for)", a.r.Pipeline)}
	}
	ans.Target = t
	return ans, nil
}

func (a *asker) pathAnswer(p string) *Answer {
	r := a.r
	for _, f := range r.ContextFiles {
		if f.Path == p {
			return a.contextFile(f)
		}
	}
	if k, group := r.findSkill("", p); group != "" {
		return a.skill(k, group)
	}
	if ans := a.template("", p); ans != nil {
		return ans
	}
	for _, c := range []*Choice{r.Body, r.Append} {
		if c == nil {
			continue
		}
		for _, part := range c.Parts {
			if part.Path == p {
				return a.choicePart(c, p)
			}
		}
	}
	for _, l := range r.Layers {
		if l.Name == p {
			ans := &Answer{Pipeline: r.Pipeline, Kind: "layer", Path: p, Rule: RuleLayer, Because: l.Role + " layer, " + l.Status}
			if l.Reason != "" {
				ans.Because += ": " + l.Reason
			}
			return ans
		}
	}
	if ans := a.whyNot(p); ans != nil {
		return ans
	}
	if ans := a.switchedOff("", p); ans != nil {
		return ans
	}
	return a.otherAgent(p)
}

// switchedOff answers about the skill, template or context file named
// name or at path p when only the run with the switched-off sources on
// (Query.On) has it: the switch left it out, with everything else that
// source would have given, by name.
func (a *asker) switchedOff(name, p string) *Answer {
	on := a.q.On
	if on == nil {
		return nil
	}
	ans := &Answer{Pipeline: a.r.Pipeline, Rule: RuleDisabled, Path: p}
	var src string
	if k, group := on.findSkill(name, p); group != "" && on.Skills != nil {
		ans.Kind, ans.Name, ans.Path, src = "skill", k.Name, k.Path, on.Skills.Source
		for _, g := range [][]Skill{on.Skills.Listed, on.Skills.Unavailable, on.Skills.Hidden, on.Skills.Unlisted} {
			for _, x := range g {
				if _, was := a.r.findSkill(x.Name, ""); was == "" {
					ans.Excluded = append(ans.Excluded, "skill "+x.Name)
				}
			}
		}
	}
	for _, tp := range a.q.TemplatesOn {
		if src == "" && ((name != "" && tp.Name == name) || (p != "" && tp.Path == p)) {
			ans.Kind, ans.Name, ans.Path, src = "template", tp.Name, tp.Path, a.q.TemplateSource
			for _, x := range a.q.TemplatesOn {
				ans.Excluded = append(ans.Excluded, "template "+x.Name)
			}
		}
	}
	for _, f := range on.ContextFiles {
		if src == "" && p != "" && f.Path == p {
			ans.Kind, src = "context_file", a.q.ContextSource
			for _, x := range on.ContextFiles {
				ans.Excluded = append(ans.Excluded, x.Path)
			}
		}
	}
	if src == "" {
		return nil
	}
	for _, o := range a.q.Off {
		if o.Source != src {
			continue
		}
		ans.Because = fmt.Sprintf("source %s is switched off: param %s is false", src, o.Param)
		ans.Change = fmt.Sprintf("set param %s to true", o.Param)
		if o.Flag != "" {
			ans.Because += " (" + o.Flag + ")"
			ans.Change = "run without " + o.Flag
		}
		slices.Sort(ans.Excluded)
		return ans
	}
	return nil
}

// contextFile answers about a loaded context file.
func (a *asker) contextFile(f File) *Answer {
	ans := &Answer{Pipeline: a.r.Pipeline, Kind: "context_file", Path: f.Path, Rule: RuleListed}
	src := ""
	for _, w := range a.r.WhyNot {
		if w.Path == f.Path && (w.Kind == KindTruncated || w.Kind == KindCut) {
			ans.Rule, ans.Because = RuleCap, "only part of it went in: "+reasonText(w)
			src = w.Source
		}
	}
	s, ok := a.r.renderedBy(f.Path)
	if !ok {
		ans.Rule, ans.Because = RuleUnlisted, "it was loaded, but no active section renders it"
		return ans
	}
	ans.InPrompt = true
	ans.Where = a.r.fileWhere(s, f.Path)
	if ans.Because == "" {
		ans.Because = fmt.Sprintf("loaded (%d bytes on disk, %d tokens in the prompt)", f.Bytes, f.Tokens)
		if src != "" {
			ans.Because += " by source " + src
		}
	}
	return ans
}

// fileWhere locates context file p in section s: from the line that names
// it to the line that names the next context file the section holds (or
// the section's end); the whole section when its text never names p.
func (r *Report) fileWhere(s Section, p string) *Where {
	i := strings.Index(s.Text, p)
	if i < 0 {
		return r.where(s, -1, 0)
	}
	lo := strings.LastIndexByte(s.Text[:i], '\n') + 1
	hi := len(s.Text)
	for _, f := range r.ContextFiles {
		if j := strings.Index(s.Text[i+len(p):], f.Path); f.Path != p && j >= 0 {
			at := i + len(p) + j
			hi = min(hi, strings.LastIndexByte(s.Text[:at], '\n')+1)
		}
	}
	return r.where(s, lo, hi-lo)
}

// choicePart answers about a file behind the body or the appended text.
func (a *asker) choicePart(c *Choice, p string) *Answer {
	ans := &Answer{Pipeline: a.r.Pipeline, Kind: "file", Path: p, Rule: RuleListed, Because: "source " + c.Source + ": " + c.Summary}
	if s, ok := a.r.sectionByID(c.Section); ok && s.Active {
		ans.InPrompt, ans.Where = true, a.r.where(s, -1, 0)
	} else {
		ans.Rule, ans.Because = RuleUnlisted, ans.Because+"; no active section renders it"
	}
	return ans
}

// whyNot answers about p from the why-not list: an entry for p itself,
// else one for a directory holding p (an untrusted .pi/skills).
func (a *asker) whyNot(p string) *Answer {
	// p itself, else an entry inside p (a skill directory's SKILL.md),
	// else a directory holding p.
	var hit, inside, holding *WhyNot
	for i, w := range a.r.WhyNot {
		switch {
		case w.Path == p:
			hit = &a.r.WhyNot[i]
		case inside == nil && strings.HasPrefix(w.Path, p+"/"):
			inside = &a.r.WhyNot[i]
		case holding == nil && w.Path != "" && strings.HasPrefix(p, w.Path+"/"):
			holding = &a.r.WhyNot[i]
		}
		if hit != nil {
			break
		}
	}
	if hit == nil {
		hit = inside
	}
	if hit == nil {
		hit = holding
	}
	if hit == nil {
		return nil
	}
	w := *hit
	ans := &Answer{Pipeline: a.r.Pipeline, Kind: a.kindOfPath(p), Path: p, Rule: ruleOf(w), Because: "source " + w.Source + ": " + reasonText(w)}
	if w.Kind == KindCut {
		ans.Because = "cut: " + reasonText(w)
	}
	if ans.Kind == "skill" {
		ans.Name = a.trustedSkillName(p)
	}
	if w.Source == a.q.ContextSource && w.Source != "" && ans.Kind == "file" {
		ans.Kind = "context_file"
	}
	switch ans.Rule {
	case RuleTrust:
		ans.Excluded = a.trustGroup(w.Path)
		if w.Path != p {
			ans.Because = fmt.Sprintf("source %s left out %s, which holds it: %s", w.Source, w.Path, reasonText(w))
		}
		if a.q.TrustFlag != "" {
			ans.Change = a.q.TrustFlag + " (trust the project) loads it"
		}
	case RuleShadowed:
		ans.Change = "the winner is " + w.Detail + "; rename or remove one of them"
	case RuleName:
		ans.Change = "fix the name in its frontmatter"
	case RuleWrongName, RuleOutside:
		ans.Because = "source " + w.Source + ": " + reasonText(w)
		ans.Change = "give it one of the names this agent reads, or add it with a layer"
		if ans.Rule == RuleOutside {
			ans.Because = fmt.Sprintf("source %s never looks in %s: outside the walk", w.Source, path.Dir(p))
			ans.Change = "run from a directory whose walk passes it, or add it with a layer"
		}
		if o := a.otherAgent(p); o != nil && w.Path == p {
			ans.Rule, ans.Because, ans.Change = RuleNotRead, o.Because+"; "+ans.Because, o.Change
		}
	}
	return ans
}

// kindOfPath guesses nothing: a path is a skill when a trusted run lists
// a skill there, a context file when a context source recorded it, else a
// file.
func (a *asker) kindOfPath(p string) string {
	if a.trustedSkillName(p) != "" || path.Base(p) == "SKILL.md" || a.exists(path.Join(p, "SKILL.md")) {
		return "skill"
	}
	return "file"
}

// trustedSkillName is the name of the skill at p (its file or directory)
// in the trusted run, if any.
func (a *asker) trustedSkillName(p string) string {
	if a.q.Trusted == nil {
		return ""
	}
	k, group := a.q.Trusted.findSkill("", p)
	if group == "" {
		return ""
	}
	return k.Name
}

// trustGroup lists by name the skills and templates under dir that a
// trusted run loads: what the trust rule left out with it.
func (a *asker) trustGroup(dir string) []string {
	var out []string
	if t := a.q.Trusted; t != nil && t.Skills != nil {
		for _, g := range [][]Skill{t.Skills.Listed, t.Skills.Unavailable, t.Skills.Hidden, t.Skills.Unlisted} {
			for _, k := range g {
				if k.Path == dir || strings.HasPrefix(k.Path, dir+"/") {
					out = append(out, "skill "+k.Name)
				}
			}
		}
	}
	for _, tp := range a.q.TemplatesTrusted {
		if strings.HasPrefix(tp.Path, dir+"/") {
			out = append(out, "template "+tp.Name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ruleOf classifies a why-not entry by the rule it reports.
func ruleOf(w WhyNot) string {
	r := strings.ToLower(w.Reason)
	switch {
	case w.Kind == KindCut || w.Kind == KindTruncated || strings.Contains(r, "cap") || strings.Contains(r, "larger than"):
		return RuleCap
	case w.Kind == KindDisabled:
		return RuleDisabled
	case w.Kind == KindHidden:
		return RuleHidden
	case strings.Contains(r, "not trusted") || strings.Contains(r, "untrusted"):
		return RuleTrust
	case strings.Contains(r, "invalid") && strings.HasPrefix(w.Detail, "name"):
		return RuleName
	case strings.Contains(r, "shadowed") || strings.Contains(r, "collision") || strings.Contains(r, "overridden") ||
		strings.Contains(r, "already") || strings.Contains(r, "is on the walk"):
		return RuleShadowed
	case strings.Contains(r, "outside the walk"):
		return RuleOutside
	case strings.Contains(r, "wrong name"):
		return RuleWrongName
	}
	return RuleExcluded
}

// elsewhereNames are the names elsewhere knows, for suggestions: the
// skills and templates of a trusted run.
func (a *asker) elsewhereNames(kind string) []string {
	var out []string
	if t := a.q.Trusted; t != nil && t.Skills != nil && (kind == "" || kind == "skill") {
		for _, g := range [][]Skill{t.Skills.Listed, t.Skills.Unavailable, t.Skills.Hidden, t.Skills.Unlisted} {
			for _, k := range g {
				out = append(out, k.Name)
			}
		}
	}
	if kind == "" || kind == "template" {
		for _, tp := range a.q.TemplatesTrusted {
			out = append(out, tp.Name)
		}
	}
	return out
}

// elsewhere answers about a name the run does not know: a skill or
// template only a trusted run loads, or a skill in another agent's home.
func (a *asker) elsewhere(kind, name string) *Answer {
	if kind == "" || kind == "skill" {
		if t := a.q.Trusted; t != nil {
			if k, group := t.findSkill(name, ""); group != "" {
				if ans := a.whyNot(k.Path); ans != nil {
					ans.Kind, ans.Name = "skill", name
					return ans
				}
			}
		}
	}
	if kind == "" || kind == "template" {
		for _, tp := range a.q.TemplatesTrusted {
			if tp.Name == name {
				if ans := a.whyNot(tp.Path); ans != nil {
					ans.Kind, ans.Name = "template", name
					return ans
				}
			}
		}
	}
	if ans := a.switchedOff(name, ""); ans != nil && (kind == "" || kind == ans.Kind) {
		return ans
	}
	if kind == "" || kind == "skill" {
		for _, h := range agentHomes {
			if h.what != "skills" || h.agent == a.agentOf() {
				continue
			}
			dir := path.Join(a.homeDir(h.dir), name)
			if a.exists(path.Join(dir, "SKILL.md")) {
				ans := a.otherAgent(dir)
				ans.Kind, ans.Name = "skill", name
				return ans
			}
		}
	}
	return nil
}
