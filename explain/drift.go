package explain

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promptc/promptc/sources"
)

// drift checks a custom body against the tool catalog. A custom body
// replaces the built-in one whole, so its tool list and guidelines are
// not regenerated when the active tools change: every catalog tool it
// names as a whole word but that is not active, and every active tool it
// never names, is a warning.
func (b *builder) drift() {
	if b.rep.Body == nil || !b.rep.Body.Custom {
		return
	}
	body, _ := b.source(b.roles.Body)
	tp, _ := roleOf[sources.TextProvider](body) // choice checked the role
	text := tp.ProvidedText().Text
	tools, ok := b.source(b.roles.Tools)
	if !ok {
		return
	}
	tl, ok := roleOf[sources.ToolLister](tools)
	if !ok {
		return
	}
	set := tl.ToolList()
	if len(set.Catalog) == 0 {
		return // no catalog to check the body against
	}
	d := &Drift{Source: body.ID, Mentioned: []string{}, Inactive: []string{}, Unmentioned: []string{}}
	for _, name := range set.Catalog {
		if slices.Contains(d.Mentioned, name) || !mentions(text, name) {
			continue
		}
		d.Mentioned = append(d.Mentioned, name)
		if !slices.Contains(set.Active, name) {
			d.Inactive = append(d.Inactive, name)
			b.warn(CodeDriftInactive, b.rep.Body.Section, fmt.Sprintf("the custom body names tool %q, which is not active", name))
		}
	}
	for _, name := range set.Active {
		if !slices.Contains(d.Mentioned, name) && !mentions(text, name) {
			d.Unmentioned = append(d.Unmentioned, name)
			b.warn(CodeDriftMissing, b.rep.Body.Section, fmt.Sprintf("active tool %q is not mentioned in the custom body", name))
		}
	}
	b.rep.Drift = d
}

// mentions reports whether text contains word as a whole word: not
// preceded or followed by a letter, digit, '_' or '-'. The match is case
// sensitive, as tool names are.
func mentions(text, word string) bool {
	if word == "" {
		return false
	}
	for i := 0; i+len(word) <= len(text); {
		k := strings.Index(text[i:], word)
		if k < 0 {
			return false
		}
		j := i + k
		before, _ := utf8.DecodeLastRuneInString(text[:j])
		after, _ := utf8.DecodeRuneInString(text[j+len(word):])
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
		i = j + 1
	}
	return false
}

func isWordRune(r rune) bool {
	return r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)
}
