package piresources

import (
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/internal/port/js/frontmatter"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/sources"
)

// pi's limits and the frontmatter fields it reads (SKL-V1..V5, SKL-F4).
const (
	maxNameLength        = 64
	maxDescriptionLength = 1024
	fieldName            = "name"
	fieldDescription     = "description"
	fieldDisableModel    = "disable-model-invocation"
)

// nameCharset reports whether s matches /^[a-z0-9-]+$/.
func nameCharset(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// jsTypeError is a JavaScript TypeError thrown while validating a
// non-string field (SKL-V5); its message becomes the warning.
type jsTypeError string

// loadSkillFile is pi's loadSkillFromFile. It returns the skill (nil when
// it is skipped), the warnings in pi's order, the number of bytes read and
// whether the file could be read at all.
func (l *loader) loadSkillFile(file string) (skill *Skill, warnings []string, size int, readable bool) {
	parseKind, parse := l.rules.markdownParser()
	v, err := sources.ReadParsed(l.fsys, file, parseKind, parse)
	if err != nil {
		return nil, []string{nodeerr.Message(err, "open", file)}, 0, false
	}
	md := v.(parsedMarkdown)
	doc, size := md.doc, md.size
	// pi 1.x reports only its skill files' problems; another markdown file
	// is a skill only when it has a description.
	quiet := l.rules.StringFields && path.Base(file) != l.layout.SkillFile
	if md.err != nil {
		if quiet {
			return nil, nil, size, true
		}
		return nil, []string{md.err.Error()}, size, true
	}
	dir := path.Dir(file)
	desc := l.rules.stringField(doc.Data[fieldDescription])
	if quiet && (!jsstr.Truthy(desc) || jsstr.Trim(desc.(string)) == "") {
		return nil, nil, size, true
	}
	warnings, thrown := validateDescription(desc)
	if thrown != "" {
		return nil, append(warnings, string(thrown)), size, true
	}
	name := l.rules.stringField(doc.Data[fieldName])
	if !jsstr.Truthy(name) {
		name = baseName(dir)
	}
	nameWarnings, thrown := validateName(name)
	warnings = append(warnings, nameWarnings...)
	if thrown != "" {
		return nil, append(warnings, string(thrown)), size, true
	}
	if !jsstr.Truthy(desc) || jsstr.Trim(desc.(string)) == "" {
		return nil, warnings, size, true
	}
	return &Skill{
		Name:                   name.(string),
		Description:            desc.(string),
		FilePath:               file,
		BaseDir:                dir,
		DisableModelInvocation: doc.Data[fieldDisableModel] == true,
	}, warnings, size, true
}

// skillFileKind is the parse-cache kind of parseMarkdown's values (skill
// and prompt-template files alike).
const skillFileKind = "frontmatter"

// parsedMarkdown is a decoded markdown file with its frontmatter parsed;
// a YAML error is part of the value, not a read failure.
type parsedMarkdown struct {
	size int // bytes read
	doc  frontmatter.Doc
	err  error
}

// parseMarkdown decodes and splits a skill or template file. It is
// a pure function of the bytes, so a vfs.Cache may memoize it.
func parseMarkdown(b []byte) (any, error) {
	doc, err := frontmatter.Parse(jsstr.DecodeUTF8Owned(b)) // sources.ReadParsed: b is ours
	return parsedMarkdown{size: len(b), doc: doc, err: err}, nil
}

// validateDescription is pi's validateDescription: a falsy or blank
// description is required, a longer one than 1024 UTF-16 units warns
// (SKL-V3, SKL-V4); a truthy non-string throws (SKL-V5).
func validateDescription(desc any) ([]string, jsTypeError) {
	if !jsstr.Truthy(desc) {
		return []string{"description is required"}, ""
	}
	s, ok := desc.(string)
	if !ok {
		return nil, "description.trim is not a function"
	}
	if jsstr.Trim(s) == "" {
		return []string{"description is required"}, ""
	}
	if n := jsstr.Len(s); n > maxDescriptionLength {
		return []string{fmt.Sprintf("description exceeds %d characters (%d)", maxDescriptionLength, n)}, ""
	}
	return nil, ""
}

// validateName is pi's validateName (SKL-V2). Each problem is its own
// warning; a non-string name throws at its first string method, and the
// warnings gathered before the throw are lost with it (SKL-V5).
func validateName(name any) ([]string, jsTypeError) {
	s, ok := name.(string)
	if !ok {
		return nil, "name.startsWith is not a function"
	}
	var w []string
	if n := jsstr.Len(s); n > maxNameLength {
		w = append(w, fmt.Sprintf("name exceeds %d characters (%d)", maxNameLength, n))
	}
	if !nameCharset(s) {
		w = append(w, "name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)")
	}
	if strings.HasPrefix(s, "-") || strings.HasSuffix(s, "-") {
		w = append(w, "name must not start or end with a hyphen")
	}
	if strings.Contains(s, "--") {
		w = append(w, "name must not contain consecutive hyphens")
	}
	return w, ""
}
