package piresources

import "github.com/promptc/promptc/sources"

var _ sources.ItemList = SkillsResult{}

// Items lists the skills, hidden ones included, by name; they have no
// text, so a budget can only drop them.
func (r SkillsResult) Items() []sources.Item {
	out := make([]sources.Item, len(r.Skills))
	for i, s := range r.Skills {
		out[i] = sources.Item{Key: i, Label: s.Name}
	}
	return out
}

// WithItems returns r holding the given skills.
func (r SkillsResult) WithItems(items []sources.Item) any {
	skills := make([]Skill, 0, len(items))
	for _, it := range items {
		skills = append(skills, r.Skills[it.Key])
	}
	r.Skills = skills
	return r
}
