package piresources

import (
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/sources"
)

// Template frontmatter fields and the first-line description limit (TPL-D3).
const (
	fieldArgumentHint     = "argument-hint"
	maxFirstLineDescChars = 60
)

// loadTemplateFile is pi's loadTemplateFromFile. A file that cannot be read
// or whose frontmatter is invalid is skipped without a warning (TPL-D5);
// why is then the reason for Excluded.
func (l *loader) loadTemplateFile(file string) (tpl Template, size int, reason, detail string) {
	parseKind, parse := l.rules.markdownParser()
	v, err := sources.ReadParsed(l.fsys, file, parseKind, parse)
	if err != nil {
		return Template{}, 0, ReasonUnreadable, nodeerr.Message(err, "open", file)
	}
	md := v.(parsedMarkdown)
	doc, size := md.doc, md.size
	if md.err != nil {
		return Template{}, size, ReasonInvalid, md.err.Error()
	}
	tpl = Template{
		Name:     strings.TrimSuffix(baseName(file), l.layout.MarkdownExt),
		Content:  doc.Body,
		FilePath: file,
	}
	if d := l.rules.stringField(doc.Data[fieldDescription]); jsstr.Truthy(d) {
		tpl.Description = jsstr.String(d)
	} else {
		for _, line := range strings.Split(doc.Body, "\n") {
			if jsstr.HasNonSpace(line) {
				tpl.Description = jsstr.Slice(line, maxFirstLineDescChars)
				if jsstr.Len(line) > maxFirstLineDescChars {
					tpl.Description += "..."
				}
				break
			}
		}
	}
	if h := l.rules.stringField(doc.Data[fieldArgumentHint]); h != nil {
		tpl.ArgumentHint = jsstr.String(h)
	}
	return tpl, size, "", ""
}
