// Package rankedlist is the ranked_list source kind: it orders a caller's list of names by a declared preferred
// order, with a fallback order for the names the declaration does not
// know, and attaches an optional label to each name. It is the logic of
// lists such as CowAgent's tool list (spec R-TOOL-2..4): known tools in a
// fixed order with a one-line summary, unknown ones after them in code-point
// order and without a summary, each name once, whatever the input order.
//
// Names are compared exactly (case-sensitive). Rank is pure and never fails.
package rankedlist

import (
	"fmt"
	"slices"

	"github.com/promptc/promptc/sources"
)

// Rest orders the names that Options.Order does not list (Options.Rest).
type Rest string

// Orders of the rest.
const (
	// RestSorted sorts them by Unicode code point (Python's sorted() on
	// str, Go's string order on valid UTF-8): uppercase, then "_", then
	// lowercase.
	RestSorted Rest = "sorted"
	// RestInput keeps them in the order they first appear in Items.
	RestInput Rest = "input"
	// RestDrop leaves them out.
	RestDrop Rest = "drop"
)

// UnmarshalText accepts an order's name; "" means RestSorted.
func (r *Rest) UnmarshalText(b []byte) error { return sources.ParseEnum(r, b) }

// EnumValues lists the allowed values.
func (Rest) EnumValues() []string {
	return []string{"", string(RestSorted), string(RestInput), string(RestDrop)}
}

// Options configures one ranking.
type Options struct {
	// Items are the caller's names in the caller's order; repeats collapse.
	Items []string `koanf:"items"`
	// Order lists the names that come first, in this order, when present.
	Order []string `koanf:"order"`
	// Rest places the other names: RestSorted (the default), RestInput or
	// RestDrop.
	Rest Rest `koanf:"rest"`
	// Labels maps names to labels; a name without one (or with "") has
	// an empty Label.
	Labels map[string]string `koanf:"labels"`
}

// Item is one ranked name.
type Item struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	// Known reports whether Order lists the name.
	Known bool `json:"known"`
}

// Result is a ranking.
type Result struct {
	// Items in output order; never nil.
	Items []Item `json:"items"`
	// Names are the Items' names; never nil.
	Names []string `json:"names"`
	// Dropped are the names RestDrop left out, in input order.
	Dropped []string `json:"dropped"`
}

// Validate checks the options that Rank cannot interpret.
func (o Options) Validate() error {
	switch o.Rest {
	case "", RestSorted, RestInput, RestDrop:
		return nil
	}
	return fmt.Errorf("ranked: rest %q is not %q, %q or %q", o.Rest, RestSorted, RestInput, RestDrop)
}

// Rank orders o.Items. An invalid Rest is treated as RestSorted; call
// Validate first to reject it.
func Rank(o Options) Result {
	present := make(map[string]bool, len(o.Items))
	var firstSeen []string
	for _, n := range o.Items {
		if !present[n] {
			present[n] = true
			firstSeen = append(firstSeen, n)
		}
	}
	res := Result{Items: []Item{}, Names: []string{}}
	add := func(n string, known bool) {
		res.Items = append(res.Items, Item{Name: n, Label: o.Labels[n], Known: known})
		res.Names = append(res.Names, n)
	}
	inOrder := make(map[string]bool, len(o.Order))
	for _, n := range o.Order {
		if present[n] && !inOrder[n] {
			add(n, true)
		}
		inOrder[n] = true
	}
	var rest []string
	for _, n := range firstSeen {
		if !inOrder[n] {
			rest = append(rest, n)
		}
	}
	switch o.Rest {
	case RestDrop:
		res.Dropped = rest
		return res
	case RestInput:
	default:
		slices.Sort(rest)
	}
	for _, n := range rest {
		add(n, false)
	}
	return res
}
