package promptfile

import "github.com/promptc/promptc/sources"

var _ sources.TextProvider = Result{}

// ProvidedText describes the text and, in order, each value or file it
// was made of: a literal flag value, a file read (with its size), or a
// value naming a file that could not be read (the value is then the text).
func (r Result) ProvidedText() sources.ProvidedText {
	t := sources.ProvidedText{Text: r.Text, FromFlag: r.FromFlag, Parts: []sources.TextPart{}}
	origins := r.Origins
	for _, src := range r.Sources {
		p := sources.TextPart{Origin: sources.PartFile, Path: src}
		if len(origins) > 0 && origins[0].Path == src {
			p.Bytes = origins[0].Bytes
			origins = origins[1:]
		} else {
			p.Origin = sources.PartUnreadable
		}
		if src == FlagText {
			p.Origin, p.Path = sources.PartText, ""
		}
		t.Parts = append(t.Parts, p)
	}
	return t
}
