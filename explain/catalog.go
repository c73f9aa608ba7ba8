package explain

import "github.com/promptc/promptc/sources"

// catalogs reports, for every resolved source whose kind recorded a
// language choice (a string catalog), which language's table the prompt
// uses.
func (b *builder) catalogs() {
	for _, s := range b.res.Sources {
		lc, ok := roleOf[sources.LanguageChooser](s)
		if !ok {
			continue
		}
		c := lc.LanguageChoice()
		b.rep.Catalogs = append(b.rep.Catalogs, Catalog{
			Source: s.ID, Requested: c.Requested, Language: c.Language, Fallback: c.Fallback, Languages: nonNil(c.Languages),
		})
	}
}
