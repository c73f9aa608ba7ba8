package cowagentskills

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/internal/port/py/pyyaml"
	"github.com/promptc/promptc/sources"
)

// Skill is one skill as the prompt shows it.
type Skill struct {
	// Name is the skill's name as printed (str() of a non-string name).
	Name string `json:"name"`
	// Description is the description before XML escaping.
	Description string `json:"description"`
	// Location is the SKILL.md path as CowAgent joined it during the scan
	// (the directory as given plus the entry names): what it prints.
	Location string `json:"location"`
	// BaseDir is os.path.dirname(Location).
	BaseDir string `json:"base_dir"`
	// Path is the absolute path that was read.
	Path string `json:"path"`
	// Source is "builtin" or "custom".
	Source string `json:"source"`
	// Missing lists an unavailable skill's unmet requirements, as printed
	// in <missing> ("bins: a, b; env: KEY").
	Missing string `json:"missing,omitempty"`
	// Setup is an unavailable skill's setup hint, as printed in <setup>.
	Setup string `json:"setup,omitempty"`
}

// entry is a loaded skill with what filtering needs.
type entry struct {
	Skill
	name    any    // the name as Python holds it (usually a str)
	content string // the whole file, for the setup hint
	hidden  bool   // disable-model-invocation
	meta    *metadata
	size    int
}

// nameIsStr reports whether formatting can escape the name; CowAgent's
// _escape_xml raises on anything but a str.
func (e *entry) nameIsStr() bool {
	_, ok := e.name.(string)
	return ok
}

// frontMatterKind is the memo kind of skill files' front matter.
const frontMatterKind = "cowskills/frontmatter"

// parseFrontMatterText is parseFrontMatter as a memo's parse.
func parseFrontMatterText(text string) (any, error) { return parseFrontMatter(text) }

// newEntry is SkillLoader._load_skill_from_file after the read, plus the
// metadata of _create_skill_entry. It returns nil for a skill that is
// dropped, and an error where CowAgent raises.
func (l *loader) newEntry(f found) (*entry, error) {
	v, err := sources.MemoText(l.view.fsys, frontMatterKind, f.content, parseFrontMatterText)
	fm, _ := v.(*pyyaml.Dict)
	if err != nil {
		return nil, &BuildError{Err: fmt.Errorf("ValueError: %v", err)}
	}
	skillDir := dirname(f.path)
	parent := basename(skillDir)

	var name any = parent
	if v, ok := fm.Get("name"); ok {
		switch x := v.(type) {
		case *pyyaml.List:
			if len(x.Items) > 0 {
				name = x.Items[0]
			}
		case string:
			name = x
		default:
			if pyyaml.Truthy(x) {
				name = pyyaml.Str(x)
			}
		}
	}
	description := ""
	if v, ok := fm.Get("description"); ok {
		description = descriptionText(v)
	}
	if name == "linkai-agent" {
		description = l.linkaiDescription(skillDir, description)
	}
	if pytext.Strip(description) == "" {
		l.exclude(f.path, ReasonNoDescription, "")
		return nil, nil
	}
	e := &entry{
		Skill: Skill{
			Name:        pyyaml.Str(name),
			Description: description,
			Location:    f.path,
			BaseDir:     skillDir,
			Path:        f.abs,
			Source:      f.source,
		},
		name:    name,
		content: f.content,
		size:    f.size,
	}
	if v, ok := fm.Get("disable-model-invocation"); ok && v != nil {
		switch strings.ToLower(pyyaml.Str(v)) {
		case "true", "1", "yes", "on":
			e.hidden = true
		}
	}
	if e.meta, err = parseMetadata(fm); err != nil {
		return nil, &BuildError{Err: err}
	}
	return e, nil
}

// descriptionText normalizes a front-matter description: a list is its
// truthy items' str() joined with spaces; another non-string is its str()
// when truthy, else "".
func descriptionText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case *pyyaml.List:
		var parts []string
		for _, it := range x.Items {
			if pyyaml.Truthy(it) {
				parts = append(parts, pyyaml.Str(it))
			}
		}
		return strings.Join(parts, " ")
	}
	if pyyaml.Truthy(v) {
		return pyyaml.Str(v)
	}
	return ""
}

// linkaiDescription is _load_linkai_agent_description (R-X-5): the apps
// of config.json beside the SKILL.md, "" without that file (the skill is
// then dropped), the front-matter description when the file is unusable.
func (l *loader) linkaiDescription(skillDir, fallback string) string {
	p := pytext.Join(skillDir, "config.json")
	l.consult(p)
	if !l.view.exists(p) {
		return ""
	}
	fail := func(format string, args ...any) string {
		l.res.Diags.Warnf(l.view.abs(p), CodeLinkAI, "[SkillLoader] Failed to load linkai-agent config: "+format, args...)
		return fallback
	}
	text, size, err := pytext.ReadText(l.view.fsys, l.view.base, p)
	if err != nil {
		return fail("%v", err)
	}
	v, err := pyyaml.LoadJSON(text)
	if err != nil {
		return fail("%v", err)
	}
	cfg, ok := v.(*pyyaml.Dict)
	if !ok {
		return fail("'%s' object has no attribute 'get'", pyyaml.TypeName(v))
	}
	var apps any = &pyyaml.List{}
	if a, ok := cfg.Get("apps"); ok {
		apps = a
	}
	if !pyyaml.Truthy(apps) {
		return fallback
	}
	list, ok := apps.(*pyyaml.List)
	if !ok {
		return fail("apps is a %s, not a list of objects", pyyaml.TypeName(apps))
	}
	parts := make([]string, 0, len(list.Items))
	for _, a := range list.Items {
		app, ok := a.(*pyyaml.Dict)
		if !ok {
			return fail("%s indices must be integers", pyyaml.TypeName(a))
		}
		var f [3]string
		for i, k := range []string{"app_name", "app_code", "app_description"} {
			v, ok := app.Get(k)
			if !ok {
				return fail("%s", pyyaml.Repr(k))
			}
			f[i] = pyyaml.Str(v)
		}
		parts = append(parts, fmt.Sprintf("%s(%s: %s)", f[0], f[1], f[2]))
	}
	l.origin(p, RoleLinkAIConfig, size)
	return "Call LinkAI apps/workflows. " + strings.Join(parts, "; ")
}
