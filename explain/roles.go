package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/contextfiles"
	"github.com/promptc/promptc/sources/promptfile"
	"github.com/promptc/promptc/sources/resources"
	"github.com/promptc/promptc/sources/trust"
)

// roleValues fills the parts of the report that the pipeline's `explain:`
// roles name. A role whose source was not resolved, or whose value is not
// of the kind the role expects, is left out.
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
		if v, ok := s.Value.(contextfiles.Result); ok {
			for i, f := range v.Files {
				n := len(f.Content)
				if i < len(v.Origins) && v.Origins[i].Path == f.Path {
					n = v.Origins[i].Bytes
				}
				b.rep.ContextFiles = append(b.rep.ContextFiles, File{Path: f.Path, Bytes: n, Tokens: b.tok.Count(f.Content)})
			}
		}
	}
	if s, ok := b.source(b.roles.Skills); ok {
		if v, ok := s.Value.(resources.SkillsResult); ok {
			sk := &Skills{Source: s.ID, Sections: b.activeUsing(s.ID, true), Listed: []Skill{}, Unlisted: []Skill{}, Hidden: []Skill{}}
			for _, x := range v.Skills {
				item := Skill{Name: x.Name, Path: x.FilePath, Scope: x.Scope}
				switch {
				case x.DisableModelInvocation:
					sk.Hidden = append(sk.Hidden, item)
				case len(sk.Sections) > 0:
					sk.Listed = append(sk.Listed, item)
				default:
					sk.Unlisted = append(sk.Unlisted, item)
				}
			}
			b.rep.Skills = sk
		}
	}
	if s, ok := b.source(b.roles.Tools); ok {
		if v, ok := s.Value.(sources.ToolSet); ok {
			t := &Tools{Source: s.ID, Active: nonNil(v.Names), Sections: b.activeUsing(s.ID, true), Listed: []ToolLine{}, Guidelines: []string{}}
			if len(t.Sections) > 0 {
				for _, l := range v.Listed {
					t.Listed = append(t.Listed, ToolLine{Name: l.Name, Snippet: l.Snippet})
				}
				t.Guidelines = nonNil(v.Guidelines)
			}
			b.rep.Tools = t
		}
	}
}

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
