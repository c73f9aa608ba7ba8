// Package catalog selects one language's strings from a per-language
// string catalog, so that a pipeline keeps every fixed text of a prompt as
// data (one YAML map per language) instead of code.
//
// A catalog maps language tags to string tables. A table maps keys to
// strings or to nested tables (for keyed families such as tool summaries).
// Every language must define exactly the same keys, recursively, so that a
// template that works in one language works in all; Select reports every
// difference at once. A language not in the catalog (including "") gets
// the fallback language: CowAgent's builders, for instance, use English
// only for exactly "en" and Simplified Chinese for everything else.
package catalog

import (
	"fmt"
	"sort"
	"strings"

	"github.com/promptc/promptc/sources"
)

// Options configures a selection.
type Options struct {
	// Languages maps a language tag to its table.
	Languages map[string]map[string]any `koanf:"languages"`
	// Language is the requested tag, matched exactly.
	Language string `koanf:"language"`
	// Fallback is the tag used when Language is not in Languages.
	Fallback string `koanf:"fallback"`
}

// Select returns the table of o.Language, or of o.Fallback when the
// catalog has no such language, and the tag that was chosen. It fails when
// the fallback is missing, when a value is neither a string nor a table,
// or when the languages do not define the same keys.
func Select(o Options) (table map[string]any, lang string, err error) {
	if err := Check(o.Languages); err != nil {
		return nil, "", err
	}
	if t, ok := o.Languages[o.Language]; ok {
		return t, o.Language, nil
	}
	t, ok := o.Languages[o.Fallback]
	if !ok {
		return nil, "", fmt.Errorf("catalog: fallback language %q is not in the catalog (languages: %s)",
			o.Fallback, strings.Join(sortedKeys(o.Languages), ", "))
	}
	return t, o.Fallback, nil
}

var _ sources.OptionChecker = Options{}

// CheckOptions checks the catalog's languages (see Check) and that the
// fallback language is one of them.
func (o Options) CheckOptions(pending func(string) bool) error {
	if pending("languages") {
		return nil
	}
	if err := Check(o.Languages); err != nil {
		return err
	}
	if _, ok := o.Languages[o.Fallback]; !ok && !pending("fallback") {
		return fmt.Errorf("catalog: fallback language %q is not in the catalog (languages: %s)",
			o.Fallback, strings.Join(sortedKeys(o.Languages), ", "))
	}
	return nil
}

// Check verifies that every value is a string or a table and that all
// languages define the same keys. All problems are reported together.
func Check(langs map[string]map[string]any) error {
	tags := sortedKeys(langs)
	union := map[string]bool{}
	keys := make(map[string]map[string]bool, len(tags))
	var problems []string
	for _, tag := range tags {
		keys[tag] = map[string]bool{}
		flatten(tag, "", langs[tag], keys[tag], &problems)
		for k := range keys[tag] {
			union[k] = true
		}
	}
	for _, tag := range tags {
		var missing []string
		for k := range union {
			if !keys[tag][k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			sort.Strings(missing)
			problems = append(problems, fmt.Sprintf("language %q lacks %s", tag, strings.Join(quoteAll(missing), ", ")))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("catalog: %s", strings.Join(problems, "; "))
	}
	return nil
}

// flatten records the dotted key of every string leaf of t.
func flatten(tag, prefix string, t map[string]any, into map[string]bool, problems *[]string) {
	for _, k := range sortedKeys(t) {
		key := prefix + k
		switch v := t[k].(type) {
		case string:
			into[key] = true
		case map[string]any:
			flatten(tag, key+".", v, into, problems)
		case map[string]string:
			for sk := range v {
				into[key+"."+sk] = true
			}
		default:
			*problems = append(*problems, fmt.Sprintf("language %q: %q holds a %T, not a string or a table", tag, key, v))
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
