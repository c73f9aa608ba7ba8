package catalog

import (
	"sort"

	"github.com/promptc/promptc/sources"
)

// choice is the catalog kind's Output.Decision: the language it picked.
type choice sources.LanguageChoice

var _ sources.LanguageChooser = choice{}

func (c choice) LanguageChoice() sources.LanguageChoice { return sources.LanguageChoice(c) }

// decide records which language o's selection used.
func decide(o Options, lang string) choice {
	langs := make([]string, 0, len(o.Languages))
	for tag := range o.Languages {
		langs = append(langs, tag)
	}
	sort.Strings(langs)
	return choice{Requested: o.Language, Language: lang, Fallback: lang != o.Language, Languages: langs}
}
