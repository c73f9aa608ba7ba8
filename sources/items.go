package sources

// ItemList is a value made of items the engine may rewrite before the
// sections render it: cut to a budget, framed as untrusted content, or
// with its `@path` import lines expanded, as the pipeline says. Items
// returns them in the value's own order; WithItems returns a copy of the
// value holding exactly the given items (a subsequence of Items, each
// found by its Key, with its Text replaced). Both are pure and must not
// modify the receiver.
type ItemList interface {
	Items() []Item
	WithItems(items []Item) any
}

// Item is one item of an ItemList.
type Item struct {
	// Key is the item's index in Items.
	Key int
	// Label names the item for people and frames: a file's path, a
	// skill's name.
	Label string
	// Text is the item's text the engine may rewrite; HasText is false
	// for items that have none (a skill's index entry), which can only be
	// dropped whole.
	Text    string
	HasText bool
}
