package explain

import (
	"sort"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/catalog"
)

// catalogs reports, for every resolved source of kind catalog, which
// language's table the prompt uses. A catalog's value is the table alone,
// so the choice is made again from the source's declared options.
func (b *builder) catalogs() {
	for _, s := range b.res.Sources {
		opts, ok := b.options(s.ID, sources.Catalog)
		if !ok {
			continue
		}
		o := *opts.(*catalog.Options)
		_, lang, err := catalog.Select(o)
		if err != nil {
			continue
		}
		langs := make([]string, 0, len(o.Languages))
		for tag := range o.Languages {
			langs = append(langs, tag)
		}
		sort.Strings(langs)
		b.rep.Catalogs = append(b.rep.Catalogs, Catalog{
			Source: s.ID, Requested: o.Language, Language: lang, Fallback: lang != o.Language, Languages: langs,
		})
	}
}
