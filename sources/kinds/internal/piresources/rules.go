package piresources

import (
	"strings"

	"github.com/promptc/promptc/internal/port/js/frontmatter"
	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// Rules are the reading rules that changed after pi 0.83.0. The zero
// value is pi 0.83.0's; pi 1.6.0 sets both.
type Rules struct {
	// StripBOM drops a leading byte order mark (U+FEFF) from skill and
	// template files before their frontmatter is looked for, and from the
	// settings and package manifests before they are parsed as JSON.
	StripBOM bool `koanf:"strip_bom"`
	// StringFields reads the frontmatter fields pi uses only when they are
	// strings. A skill's non-string name counts as absent (the name is its
	// directory's) and a non-string description as missing ("description
	// is required"), where pi 0.83.0 failed the file with a TypeError; a
	// markdown file other than the layout's SkillFile that has no
	// description, or invalid frontmatter, is skipped without a warning. A
	// template's non-string description or argument-hint counts as absent.
	StringFields bool `koanf:"string_fields"`
}

// bom is U+FEFF in UTF-8.
const bom = "\uFEFF"

// stripBOM is text without a leading byte order mark, when the rules say
// so.
func (r Rules) stripBOM(text string) string {
	if r.StripBOM {
		return strings.TrimPrefix(text, bom)
	}
	return text
}

// markdownParser is the parse-cache kind and the parser of skill and
// template files under the rules: a BOM-stripping parse is a value of its
// own, so both kinds of value can share one cache.
func (r Rules) markdownParser() (string, func([]byte) (any, error)) {
	if r.StripBOM {
		return skillFileKindNoBOM, parseMarkdownNoBOM
	}
	return skillFileKind, parseMarkdown
}

// skillFileKindNoBOM is the parse-cache kind of parseMarkdownNoBOM.
const skillFileKindNoBOM = "frontmatter-nobom"

// parseMarkdownNoBOM is parseMarkdown after dropping a leading BOM.
func parseMarkdownNoBOM(b []byte) (any, error) {
	doc, err := frontmatter.Parse(strings.TrimPrefix(jsstr.DecodeUTF8Owned(b), bom)) // sources.ReadParsed: b is ours
	return parsedMarkdown{size: len(b), doc: doc, err: err}, nil
}

// stringField is a frontmatter field under StringFields: the value when
// it is a string, else nil.
func (r Rules) stringField(v any) any {
	if _, ok := v.(string); !ok && r.StringFields {
		return nil
	}
	return v
}
