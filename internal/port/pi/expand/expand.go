// Package expand turns a user's input line into the text pi 0.83.0 sends as
// the user message: a "/skill:name args" command becomes the skill file
// wrapped in a <skill> element (CMD-1); otherwise a "/name args" line that
// names a prompt template becomes the template body with its arguments
// substituted (TPL-E1..E3); any other text is sent unchanged. A
// "/skill:name" whose skill does not exist falls through to the templates
//
//
// Extension commands (CMD-2) and before_agent_start handlers are out of
// scope: the caller handles them before and after Expand.
package expand

import (
	"context"
	"errors"
	"path"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/js/frontmatter"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/internal/port/pi/tplargs"
	"github.com/promptc/promptc/sources"
)

// Skill is a loaded skill as /skill: sees it.
type Skill struct {
	// Name is the skill's name after validation (SKL-V1).
	Name string
	// FilePath is the absolute path of the skill file; it is read when the
	// command is expanded.
	FilePath string
	// StripBOM drops the file's leading byte order mark before its
	// frontmatter is looked for (pi 1.x); pi 0.83.0 keeps it, so a BOM
	// hides the frontmatter (and the trim then drops the BOM).
	StripBOM bool
}

// Template is a loaded prompt template.
type Template struct {
	// Name is the file name without ".md" (TPL-D3).
	Name string
	// Content is the frontmatter-stripped body per TPL-E2 (trimmed only when
	// the file has frontmatter); the loader fills it.
	Content string
	// ArgQuotes is sources.TemplateEntry.ArgQuotes: how the arguments
	// split (tplargs.Parse, or tplargs.ParseWordStart for word_start).
	ArgQuotes string
}

// skillPrefix starts a skill command.
const skillPrefix = "/skill:"

// Expand returns the text pi sends as the user message for line. Skills and
// templates are in load order (hidden skills included); the first one with
// a matching name is used. The skill file is read through fsys at call
// time. If it cannot be read, line is returned unchanged with a warning
// diagnostic. The error is non-nil only when ctx is done.
func Expand(ctx context.Context, fsys sources.FS, line string, skills []Skill, templates []Template) (string, diag.List, error) {
	if err := ctx.Err(); err != nil {
		return line, nil, err
	}
	var diags diag.List
	if skill, args, ok := findSkill(line, skills); ok {
		text, err := expandSkill(fsys, skill, args)
		if err != nil {
			diags.Warnf(skill.FilePath, "skill/expand", "%s", err)
			return line, diags, nil
		}
		return text, diags, nil
	}
	return expandTemplate(line, templates), diags, nil
}

// findSkill parses "/skill:NAME ARGS" (CMD-1): the name runs to the first
// ASCII space, the arguments are the JS-trimmed rest. ok is false when line
// is not a skill command or no skill has that name.
func findSkill(line string, skills []Skill) (skill Skill, args string, ok bool) {
	if !strings.HasPrefix(line, skillPrefix) {
		return Skill{}, "", false
	}
	name := line[len(skillPrefix):]
	if sp := strings.IndexByte(line, ' '); sp >= 0 {
		name = line[len(skillPrefix):sp]
		args = jsstr.Trim(line[sp+1:])
	}
	for _, s := range skills {
		if s.Name == name {
			return s, args, true
		}
	}
	return Skill{}, "", false
}

// expandSkill renders the <skill> block for skill (CMD-1). Nothing is
// escaped.
func expandSkill(fsys sources.FS, skill Skill, args string) (string, error) {
	raw, err := sources.ReadFile(fsys, skill.FilePath)
	if err != nil {
		return "", errors.New(nodeerr.Message(err, "open", skill.FilePath))
	}
	// The skill loaded, so its YAML was valid when loaded; the body is
	// used whatever the YAML now says.
	text := jsstr.DecodeUTF8(raw)
	if skill.StripBOM {
		text = strings.TrimPrefix(text, "\uFEFF")
	}
	doc, _ := frontmatter.Parse(text)
	body := jsstr.Trim(doc.Body)
	var b strings.Builder
	b.WriteString(`<skill name="`)
	b.WriteString(skill.Name)
	b.WriteString(`" location="`)
	b.WriteString(skill.FilePath)
	b.WriteString("\">\nReferences are relative to ")
	b.WriteString(path.Dir(skill.FilePath))
	b.WriteString(".\n\n")
	b.WriteString(body)
	b.WriteString("\n</skill>")
	if args != "" {
		b.WriteString("\n\n")
		b.WriteString(args)
	}
	return b.String(), nil
}

// expandTemplate applies TPL-E1..E3: a line starting with "/" whose first
// JS-whitespace-free run names a template becomes that template's content
// with the arguments after the following whitespace run substituted.
func expandTemplate(line string, templates []Template) string {
	name, args, ok := splitCommand(line)
	if !ok {
		return line
	}
	for _, t := range templates {
		if t.Name == name {
			if t.ArgQuotes == sources.ArgQuotesWordStart {
				return tplargs.Substitute(t.Content, tplargs.ParseWordStart(args))
			}
			return tplargs.Substitute(t.Content, tplargs.Parse(args))
		}
	}
	return line
}

// splitCommand matches ^/(\S+)(?:\s+([\s\S]*))?$ with JS \s.
func splitCommand(line string) (name, args string, ok bool) {
	if !strings.HasPrefix(line, "/") {
		return "", "", false
	}
	rest := line[1:]
	end := strings.IndexFunc(rest, jsstr.IsSpace)
	if end < 0 {
		end = len(rest)
	}
	if end == 0 {
		return "", "", false
	}
	return rest[:end], jsstr.TrimStart(rest[end:]), true
}
