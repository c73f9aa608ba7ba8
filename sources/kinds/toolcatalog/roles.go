package toolcatalog

import "github.com/promptc/promptc/sources"

var _ sources.ToolLister = ToolSet{}

// ToolList reports the active tools, the listed ones with their snippets,
// the guidelines and the whole catalog.
func (s ToolSet) ToolList() sources.ToolList {
	l := sources.ToolList{Active: nonNil(s.Names), Lines: []sources.ToolLine{}, Guidelines: nonNil(s.Guidelines), Catalog: nonNil(s.Catalog)}
	for _, t := range s.Listed {
		l.Lines = append(l.Lines, sources.ToolLine{Name: t.Name, Text: t.Snippet})
	}
	return l
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
