package promptfile

import (
	"strings"

	"github.com/promptc/promptc/sources"
)

var _ sources.ItemList = Result{}

// Items is the chosen text as one item, labelled with the files and flag
// values it came from; none when there is no text.
func (r Result) Items() []sources.Item {
	if r.Text == "" {
		return []sources.Item{}
	}
	return []sources.Item{{Key: 0, Label: strings.Join(r.Sources, ", "), Text: r.Text, HasText: true}}
}

// WithItems returns r with the item's new text, or no text when it was
// dropped.
func (r Result) WithItems(items []sources.Item) any {
	r.Text = ""
	if len(items) > 0 {
		r.Text = items[0].Text
	}
	return r
}
