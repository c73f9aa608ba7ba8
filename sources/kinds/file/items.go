package file

import "github.com/promptc/promptc/sources"

var _ sources.ItemList = Value{}

// Items is the file, when it was read.
func (v Value) Items() []sources.Item {
	if !v.Exists {
		return []sources.Item{}
	}
	return []sources.Item{{Key: 0, Label: v.Path, Text: v.Content, HasText: true}}
}

// WithItems returns v with the file's new content, or empty when the item
// was dropped.
func (v Value) WithItems(items []sources.Item) any {
	if len(items) == 0 {
		v.Content = ""
		return v
	}
	v.Content = items[0].Text
	return v
}
