package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources"
)

// roleOf returns the role R of source s: its value, or else the decision
// its kind recorded, when either implements R.
func roleOf[R any](s engine.SourceReport) (R, bool) {
	if r, ok := s.Value.(R); ok {
		return r, true
	}
	r, ok := s.Decision.(R)
	return r, ok
}

// roleValues fills the parts of the report that the pipeline's `explain:`
// roles name. What a role reports comes from the role interface its
// source's value implements (package sources), so a role can name a source
// of any kind that fits it. A role whose source was not resolved, or whose
// value implements no such interface, is left out.
func (b *builder) roleValues() {
	if s, ok := b.source(b.roles.Trust); ok {
		if j, ok := roleOf[sources.TrustJudge](s); ok {
			v := j.TrustVerdict()
			b.rep.Trust = &Trust{Source: s.ID, Trusted: v.Trusted, Reason: v.Reason, Requiring: nonNil(v.Requiring), Ignored: nonNil(v.Ignored)}
		}
	}
	b.rep.Body = b.choice(b.roles.Body, "built-in default")
	b.rep.Append = b.choice(b.roles.Append, "none")
	b.contextFiles()
	if s, ok := b.source(b.roles.Skills); ok {
		b.skills(s)
	}
	if s, ok := b.source(b.roles.Tools); ok {
		b.tools(s)
	}
}

// contextFiles lists the context files in load order, each with its size
// on disk and the tokens of the text that went in: those of the context
// role's source first, then those of every other resolved source whose
// value lists context files and that an active section renders. A
// truncated file is also a why-not entry.
func (b *builder) contextFiles() {
	var ids []string
	if _, ok := b.source(b.roles.Context); ok {
		ids = append(ids, b.roles.Context)
	}
	for _, s := range b.res.Sources {
		if _, ok := roleOf[sources.ContextFileLister](s); ok && s.ID != b.roles.Context && len(b.activeUsing(s.ID, true)) > 0 {
			ids = append(ids, s.ID)
		}
	}
	for _, id := range ids {
		s, _ := b.source(id)
		l, ok := roleOf[sources.ContextFileLister](s)
		if !ok {
			continue
		}
		for _, f := range l.ContextFiles() {
			cut := b.cutOf(s.ID, f.Path) // a budget's cut, listed as a cut
			b.rep.ContextFiles = append(b.rep.ContextFiles, File{Path: f.Path, Name: f.Name, Bytes: f.Bytes, Tokens: b.tok.Count(f.Content), Truncated: f.Truncated || cut})
			if f.Truncated {
				b.after(s.ID, WhyNot{Kind: KindTruncated, Source: s.ID, Path: f.Path, Reason: ReasonTruncated, Detail: f.Detail})
			}
		}
	}
}

// skills sorts the skills role's skills into listed, unlisted, hidden and
// unavailable ones; hidden and unavailable ones are why-not entries too.
func (b *builder) skills(s engine.SourceReport) {
	l, ok := roleOf[sources.SkillLister](s)
	if !ok {
		return
	}
	sk := &Skills{Source: s.ID, Sections: b.activeUsing(s.ID, true), Listed: []Skill{}, Unlisted: []Skill{}, Hidden: []Skill{}, Unavailable: []Skill{}}
	shown := len(sk.Sections) > 0
	for _, x := range l.SkillEntries() {
		item := Skill{Name: x.Name, Path: x.Path, Scope: x.Scope, Missing: x.Missing}
		switch {
		case x.Hidden:
			sk.Hidden = append(sk.Hidden, item)
			b.after(s.ID, WhyNot{Kind: KindHidden, Source: s.ID, Path: item.Path, Reason: ReasonHiddenSkill,
				Detail: "skill " + item.Name + " stays invocable by name"})
		case !shown:
			sk.Unlisted = append(sk.Unlisted, item)
		case x.Unavailable:
			sk.Unavailable = append(sk.Unavailable, item)
			b.after(s.ID, WhyNot{Kind: KindUnavailable, Source: s.ID, Path: item.Path, Reason: ReasonUnavailableSkill,
				Detail: "skill " + item.Name + " is listed as not ready; it misses " + item.Missing})
		default:
			sk.Listed = append(sk.Listed, item)
		}
	}
	b.rep.Skills = sk
}

// tools reports the tools role: the active tools and, when an active
// section renders the source, each one's line and the guidelines.
func (b *builder) tools(s engine.SourceReport) {
	l, ok := roleOf[sources.ToolLister](s)
	if !ok {
		return
	}
	tl := l.ToolList()
	t := &Tools{Source: s.ID, Sections: b.activeUsing(s.ID, true), Active: nonNil(tl.Active), Listed: []ToolLine{}, Guidelines: []string{}}
	if len(t.Sections) > 0 {
		for _, line := range tl.Lines {
			t.Listed = append(t.Listed, ToolLine{Name: line.Name, Snippet: line.Text})
		}
		t.Guidelines = nonNil(tl.Guidelines)
	}
	b.rep.Tools = t
}

// Why-not reasons explain adds to the sources' own.
const (
	// ReasonHiddenSkill: a skill that loaded but is kept out of the prompt.
	ReasonHiddenSkill = "hidden by disable-model-invocation"
	// ReasonTruncated: a context file of which the prompt holds only a part.
	ReasonTruncated = "truncated"
	// ReasonUnavailableSkill: a skill the prompt lists as not ready.
	ReasonUnavailableSkill = "requirements not met"
)

// choice describes the text source id; fallback is the summary when it
// gave no text.
func (b *builder) choice(id, fallback string) *Choice {
	s, ok := b.source(id)
	if !ok {
		return nil
	}
	tp, ok := roleOf[sources.TextProvider](s)
	if !ok {
		return nil
	}
	v := tp.ProvidedText()
	c := &Choice{Source: id, Custom: v.Text != "", FromFlag: v.FromFlag, Parts: []Part{}}
	if using := b.activeUsing(id, false); len(using) > 0 {
		c.Section = using[0]
	}
	var descs []string
	for _, src := range v.Parts {
		p := Part{Origin: src.Origin, Path: src.Path, Bytes: src.Bytes}
		if p.Origin == sources.PartFile && !v.FromFlag && b.rep.Trust != nil && slices.Contains(b.rep.Trust.Requiring, p.Path) {
			p.Origin = "project-file"
		}
		c.Parts = append(c.Parts, p)
		descs = append(descs, b.describe(p, v.FromFlag))
	}
	switch {
	case !c.Custom && len(descs) == 0:
		c.Summary = fallback
	case !c.Custom:
		c.Summary = fallback + " (" + strings.Join(descs, ", ") + " is empty)"
	default:
		c.Summary = strings.Join(descs, ", ")
	}
	return c
}

func (b *builder) describe(p Part, fromFlag bool) string {
	switch p.Origin {
	case sources.PartText:
		return fmt.Sprintf("command-line text (%d bytes)", p.Bytes)
	case sources.PartUnreadable:
		return "unreadable file " + p.Path + " (its path is the text)"
	case "project-file":
		s := fmt.Sprintf("project file %s (%d bytes)", p.Path, p.Bytes)
		if b.rep.Trust != nil {
			s += ", eligible: project trusted (" + b.rep.Trust.Reason + ")"
		}
		return s
	}
	if fromFlag {
		return fmt.Sprintf("command-line file %s (%d bytes)", p.Path, p.Bytes)
	}
	return fmt.Sprintf("user file %s (%d bytes)", p.Path, p.Bytes)
}
