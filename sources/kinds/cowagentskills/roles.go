package cowagentskills

import "github.com/promptc/promptc/sources"

var _ sources.SkillLister = Result{}

// SkillEntries lists the available skills, then the unavailable ones with
// what they miss.
func (r Result) SkillEntries() []sources.SkillEntry {
	out := make([]sources.SkillEntry, 0, len(r.Skills)+len(r.Unavailable))
	for _, s := range r.Skills {
		out = append(out, sources.SkillEntry{Name: s.Name, Path: s.Path, Scope: s.Source})
	}
	for _, s := range r.Unavailable {
		out = append(out, sources.SkillEntry{Name: s.Name, Path: s.Path, Scope: s.Source, Unavailable: true, Missing: s.Missing})
	}
	return out
}
