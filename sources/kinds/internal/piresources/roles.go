package piresources

import "github.com/promptc/promptc/sources"

var (
	_ sources.SkillLister    = SkillsResult{}
	_ sources.TemplateLister = TemplatesResult{}
)

// SkillEntries lists the skills in load order; those with
// disable-model-invocation are hidden from the prompt's index.
func (r SkillsResult) SkillEntries() []sources.SkillEntry {
	out := make([]sources.SkillEntry, 0, len(r.Skills))
	for _, s := range r.Skills {
		out = append(out, sources.SkillEntry{Name: s.Name, Path: s.FilePath, Scope: s.Scope, Hidden: s.DisableModelInvocation, StripBOM: r.stripBOM})
	}
	return out
}

// TemplateEntries lists the templates in load order.
func (r TemplatesResult) TemplateEntries() []sources.TemplateEntry {
	out := make([]sources.TemplateEntry, 0, len(r.Templates))
	for _, t := range r.Templates {
		out = append(out, sources.TemplateEntry{Name: t.Name, Path: t.FilePath, Content: t.Content, ArgQuotes: string(r.ArgQuotes)})
	}
	return out
}
