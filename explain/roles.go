package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/contextfiles"
	"github.com/promptc/promptc/sources/cowskills"
	"github.com/promptc/promptc/sources/promptfile"
	"github.com/promptc/promptc/sources/ranked"
	"github.com/promptc/promptc/sources/resources"
	"github.com/promptc/promptc/sources/trust"
	"github.com/promptc/promptc/sources/workspace"
)

// roleValues fills the parts of the report that the pipeline's `explain:`
// roles name. What a role reports depends on the type of its source's
// value, so a role can name a source of any kind that fits it (context:
// context_files or workspace_files; skills: skills or cowagent_skills;
// tools: tool_catalog or ranked_list). A role whose source was not
// resolved, or whose value fits none of them, is left out.
func (b *builder) roleValues() {
	if s, ok := b.source(b.roles.Trust); ok {
		if v, ok := s.Value.(trust.Result); ok {
			t := &Trust{Source: s.ID, Trusted: v.Trusted, Reason: v.Reason, Requiring: nonNil(v.Requiring), Ignored: []string{}}
			for _, e := range v.Excluded {
				t.Ignored = append(t.Ignored, e.Path)
			}
			b.rep.Trust = t
		}
	}
	b.rep.Body = b.choice(b.roles.Body, "built-in default")
	b.rep.Append = b.choice(b.roles.Append, "none")
	if s, ok := b.source(b.roles.Context); ok {
		b.contextFiles(s)
	}
	if s, ok := b.source(b.roles.Skills); ok {
		b.skills(s)
	}
	if s, ok := b.source(b.roles.Tools); ok {
		b.tools(s)
	}
}

// contextFiles lists the context role's files in load order, each with
// its size on disk (from the source's origins) and the tokens of the text
// that went in. A truncated workspace file is also a why-not entry.
func (b *builder) contextFiles(s engine.SourceReport) {
	size := func(i int, path, text string) int {
		if i < len(s.Origins) && s.Origins[i].Path == path {
			return s.Origins[i].Bytes
		}
		return len(text)
	}
	switch v := s.Value.(type) {
	case contextfiles.Result:
		for i, f := range v.Files {
			b.rep.ContextFiles = append(b.rep.ContextFiles, File{Path: f.Path, Bytes: size(i, f.Path, f.Content), Tokens: b.tok.Count(f.Content)})
		}
	case workspace.Result:
		for i, f := range v.Files {
			file := File{Path: f.Path, Name: f.Name, Bytes: size(i, f.Path, f.Content), Tokens: b.tok.Count(f.Content), Truncated: f.Truncated}
			b.rep.ContextFiles = append(b.rep.ContextFiles, file)
			if f.Truncated {
				b.after(s.ID, WhyNot{Kind: KindTruncated, Source: s.ID, Path: f.Path, Reason: ReasonTruncated,
					Detail: b.truncation(s.ID, f, file.Bytes)})
			}
		}
	}
}

// truncation says what the truncation policy kept of workspace file f
// (size bytes on disk), with the limits declared for it.
func (b *builder) truncation(id string, f workspace.File, size int) string {
	plain := fmt.Sprintf("%d bytes on disk, %d in the prompt", size, len(f.Content))
	opts, ok := b.options(id, sources.WorkspaceFiles)
	if !ok {
		return plain
	}
	var t *workspace.Truncate
	for _, fs := range opts.(*sources.WorkspaceFilesOptions).Files {
		if fs.Name == f.Name {
			t = fs.Truncate
		}
	}
	if t == nil || !strings.HasPrefix(f.Content, t.Notice) {
		return plain
	}
	kept := f.Content[len(t.Notice):]
	lines := 0
	if kept != "" {
		lines = strings.Count(kept, "\n") + 1
	}
	var limits []string
	if t.MaxLines > 0 {
		limits = append(limits, fmt.Sprintf("%d lines", t.MaxLines))
	}
	if t.MaxBytes > 0 {
		over := t.OverBytes
		if over == "" {
			over = workspace.DropOldest
		}
		limits = append(limits, fmt.Sprintf("%d bytes (%s beyond)", t.MaxBytes, over))
	}
	s := fmt.Sprintf("the prompt keeps the last %d lines (%d bytes) of %d bytes on disk", lines, len(kept), size)
	if t.Notice != "" {
		s += fmt.Sprintf(", after the notice (%d bytes)", len(t.Notice))
	}
	return s + "; limits: " + strings.Join(limits, ", ")
}

// skills sorts the skills role's skills into listed, unlisted, hidden and
// unavailable ones; hidden and unavailable ones are why-not entries too.
func (b *builder) skills(s engine.SourceReport) {
	sk := &Skills{Source: s.ID, Sections: b.activeUsing(s.ID, true), Listed: []Skill{}, Unlisted: []Skill{}, Hidden: []Skill{}, Unavailable: []Skill{}}
	shown := len(sk.Sections) > 0
	switch v := s.Value.(type) {
	case resources.SkillsResult:
		for _, x := range v.Skills {
			item := Skill{Name: x.Name, Path: x.FilePath, Scope: x.Scope}
			switch {
			case x.DisableModelInvocation:
				sk.Hidden = append(sk.Hidden, item)
				b.after(s.ID, WhyNot{Kind: KindHidden, Source: s.ID, Path: item.Path, Reason: ReasonHiddenSkill,
					Detail: "skill " + item.Name + " stays invocable by name"})
			case shown:
				sk.Listed = append(sk.Listed, item)
			default:
				sk.Unlisted = append(sk.Unlisted, item)
			}
		}
	case cowskills.Result:
		for _, x := range v.Skills {
			item := Skill{Name: x.Name, Path: x.Path, Scope: x.Source}
			if shown {
				sk.Listed = append(sk.Listed, item)
			} else {
				sk.Unlisted = append(sk.Unlisted, item)
			}
		}
		for _, x := range v.Unavailable {
			item := Skill{Name: x.Name, Path: x.Path, Scope: x.Source, Missing: x.Missing}
			if !shown {
				sk.Unlisted = append(sk.Unlisted, item)
				continue
			}
			sk.Unavailable = append(sk.Unavailable, item)
			b.after(s.ID, WhyNot{Kind: KindUnavailable, Source: s.ID, Path: item.Path, Reason: ReasonUnavailableSkill,
				Detail: "skill " + item.Name + " is listed as not ready; it misses " + item.Missing})
		}
	default:
		return
	}
	b.rep.Skills = sk
}

// tools reports the tools role: the active tools and, when an active
// section renders the source, each one's line (a catalog's snippet or a
// ranked list's label) and the guidelines.
func (b *builder) tools(s engine.SourceReport) {
	t := &Tools{Source: s.ID, Sections: b.activeUsing(s.ID, true), Listed: []ToolLine{}, Guidelines: []string{}}
	shown := len(t.Sections) > 0
	switch v := s.Value.(type) {
	case sources.ToolSet:
		t.Active = nonNil(v.Names)
		if shown {
			for _, l := range v.Listed {
				t.Listed = append(t.Listed, ToolLine{Name: l.Name, Snippet: l.Snippet})
			}
			t.Guidelines = nonNil(v.Guidelines)
		}
	case ranked.Result:
		t.Active = nonNil(v.Names)
		if shown {
			for _, it := range v.Items {
				t.Listed = append(t.Listed, ToolLine{Name: it.Name, Snippet: it.Label})
			}
		}
	default:
		return
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

// choice describes the prompt_file source id; fallback is the summary
// when it gave no text.
func (b *builder) choice(id, fallback string) *Choice {
	s, ok := b.source(id)
	if !ok {
		return nil
	}
	v, ok := s.Value.(promptfile.Result)
	if !ok {
		return nil
	}
	c := &Choice{Source: id, Custom: v.Text != "", FromFlag: v.FromFlag, Parts: []Part{}}
	if using := b.activeUsing(id, false); len(using) > 0 {
		c.Section = using[0]
	}
	origins := v.Origins
	var descs []string
	for _, src := range v.Sources {
		p := Part{Origin: "file", Path: src}
		if len(origins) > 0 && origins[0].Path == src {
			p.Bytes = origins[0].Bytes
			origins = origins[1:]
		} else {
			p.Origin = "unreadable"
		}
		switch {
		case src == promptfile.FlagText:
			p.Origin, p.Path = "text", ""
		case p.Origin == "file" && !v.FromFlag && b.rep.Trust != nil && slices.Contains(b.rep.Trust.Requiring, src):
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
	case "text":
		return fmt.Sprintf("command-line text (%d bytes)", p.Bytes)
	case "unreadable":
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
