package contextfiles

import "github.com/promptc/promptc/sources"

var _ sources.ItemList = Result{}

// Items lists the files, each labelled with its path.
func (r Result) Items() []sources.Item {
	out := make([]sources.Item, len(r.Files))
	for i, f := range r.Files {
		out[i] = sources.Item{Key: i, Label: f.Path, Text: f.Content, HasText: true}
	}
	return out
}

// WithItems returns r holding the given files with their new contents.
func (r Result) WithItems(items []sources.Item) any {
	files := make([]File, 0, len(items))
	for _, it := range items {
		files = append(files, File{Path: r.Files[it.Key].Path, Content: it.Text})
	}
	r.Files = files
	return r
}
