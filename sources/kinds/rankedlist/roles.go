package rankedlist

import "github.com/promptc/promptc/sources"

var _ sources.ToolLister = Result{}

// ToolList reports the ranked names as the active tools, each listed with
// its label. A ranked list has no guidelines and no catalog.
func (r Result) ToolList() sources.ToolList {
	l := sources.ToolList{Active: r.Names, Lines: []sources.ToolLine{}, Guidelines: []string{}}
	if l.Active == nil {
		l.Active = []string{}
	}
	for _, it := range r.Items {
		l.Lines = append(l.Lines, sources.ToolLine{Name: it.Name, Text: it.Label})
	}
	return l
}
