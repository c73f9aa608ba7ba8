package emit

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/sources"
)

// lintFile is one file of an agent's rules directory, read for its
// documented format.
type lintFile struct {
	rel  string // below the root
	text string
}

// lint checks the documented format of every file in the agents' rule
// directories below root (not only promptc's): the mistakes that make an
// agent ignore a rule, or load it always, without saying so.
func lint(fsys sources.FS, root string) []Finding {
	var out []Finding
	out = append(out, lintDir(fsys, root, ".claude/rules", true, claudeDialect.lint)...)
	out = append(out, lintDir(fsys, root, ".cursor/rules", true, cursorDialect.lint)...)
	out = append(out, lintDir(fsys, root, ".github/instructions", true, copilotDialect.lint)...)
	out = append(out, lintDir(fsys, root, ".windsurf/rules", false, lintWindsurfRule)...)
	out = append(out, lintDir(fsys, root, ".clinerules", false, clineDialect.lint)...)
	out = append(out, lintGeminiSettings(fsys, root)...)
	return out
}

// lintDir lists dir (recursively when deep) and lints each regular file.
func lintDir(fsys sources.FS, root, dir string, deep bool, check func(lintFile) []Finding) []Finding {
	var out []Finding
	abs := path.Join(root, dir)
	entries, err := sources.ReadDir(fsys, abs)
	if err != nil {
		return nil
	}
	for _, e := range entries {
		rel := path.Join(dir, e.Name())
		if e.IsDir() {
			if deep {
				out = append(out, lintDir(fsys, root, rel, deep, check)...)
			}
			continue
		}
		if !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		b, err := sources.ReadFile(fsys, path.Join(root, rel))
		if err != nil {
			out = append(out, lintErr("lint/unreadable", "", rel, "cannot be read: %v", err))
			continue
		}
		out = append(out, check(lintFile{rel: rel, text: string(b)})...)
	}
	return out
}

func lintErr(code, agent, rel, format string, args ...any) Finding {
	return Finding{Severity: "error", Code: code, Agent: agent, Path: rel, Message: fmt.Sprintf(format, args...)}
}

func lintWarn(code, agent, rel, format string, args ...any) Finding {
	return Finding{Severity: "warning", Code: code, Agent: agent, Path: rel, Message: fmt.Sprintf(format, args...)}
}

// frontMatter parses a leading "---" block: present is false without one;
// err is set when it is not a YAML mapping.
func frontMatter(text string) (m map[string]any, present, empty bool, err error) {
	text = strings.TrimPrefix(text, "\ufeff")
	if !strings.HasPrefix(text, "---\n") && !strings.HasPrefix(text, "---\r\n") {
		return nil, false, false, nil
	}
	_, rest, _ := strings.Cut(text, "\n")
	var block strings.Builder
	for {
		line, next, ok := strings.Cut(rest, "\n")
		if strings.TrimRight(line, "\r") == "---" {
			break
		}
		if !ok {
			return nil, false, false, nil // no closing fence: not front matter
		}
		block.WriteString(line + "\n")
		rest = next
	}
	if strings.TrimSpace(block.String()) == "" {
		return nil, true, true, nil
	}
	if err := yaml.Unmarshal([]byte(block.String()), &m); err != nil {
		return nil, true, false, err
	}
	if m == nil {
		return nil, true, true, nil
	}
	return m, true, false, nil
}

// keyCheck is one front matter key a dialect reads, or must not have.
type keyCheck struct {
	key string
	// want is the value's shape: "list", "bool" or "string"; "" means
	// the key should not be there at all.
	want     string
	severity string
	code     string
	// message; "%s" (if any) is the value as describe gives it.
	message string
}

// ruleDialect is what an agent documents for the files of its rules
// directory.
type ruleDialect struct {
	agent, suffix, suffixMsg string
	// badYAML, empty and absent are the findings for front matter that is
	// not YAML, empty (or, with no absent, missing) and missing; a
	// zero Finding is none.
	badYAML, empty, absent Finding
	keys                   []keyCheck
}

var (
	claudeDialect = ruleDialect{agent: "claude-code", suffix: ".md",
		suffixMsg: "Claude Code reads only .md files in .claude/rules: this file is ignored",
		badYAML:   Finding{Severity: "error", Code: "lint/front-matter", Message: "front matter is not YAML (%v): Claude Code may load the rule always or not as meant"},
		empty:     Finding{Severity: "warning", Code: "lint/empty-front-matter", Message: "empty front matter: the rule loads at every start; drop the fences, or add paths: to scope it"},
		absent:    Finding{Severity: "none"},
		keys: []keyCheck{
			{"globs", "", "error", "lint/claude-globs", "globs: is Cursor's key; Claude Code reads paths:, so this rule loads at every start in every directory (write paths: as a YAML list)"},
			{"paths", "list", "error", "lint/claude-paths-string", "paths: is %s, not a YAML list; write each pattern as a list item (- \"src/**\")"},
			{"alwaysApply", "", "warning", "lint/claude-always-apply", "alwaysApply: is Cursor's key; Claude Code ignores it (a rule without paths: loads always)"},
		}}
	cursorDialect = ruleDialect{agent: "cursor", suffix: ".mdc",
		suffixMsg: "Cursor reads .mdc files in .cursor/rules: this file is ignored (rename it to .mdc with description/globs/alwaysApply front matter)",
		badYAML:   Finding{Severity: "error", Code: "lint/front-matter", Message: "front matter is not YAML (%v): Cursor skips the rule"},
		empty:     Finding{Severity: "error", Code: "lint/empty-front-matter", Message: "no description, globs or alwaysApply: Cursor applies the rule only when it is @-mentioned"},
		keys: []keyCheck{
			{"alwaysApply", "bool", "error", "lint/cursor-always-apply", "alwaysApply: is %s, not true or false: Cursor does not treat the rule as always applied"},
			{"paths", "", "error", "lint/cursor-paths", "paths: is Claude Code's key; Cursor reads globs:"},
		}}
	copilotDialect = ruleDialect{agent: "copilot", suffix: ".instructions.md",
		suffixMsg: "Copilot reads files named *.instructions.md in .github/instructions: this file is ignored",
		badYAML:   Finding{Severity: "error", Code: "lint/front-matter", Message: "front matter is not YAML (%v)"},
		empty:     Finding{Severity: "warning", Code: "lint/copilot-no-apply-to", Message: "no applyTo: Copilot does not apply these instructions automatically"},
		keys: []keyCheck{
			{"applyTo", "string", "error", "lint/copilot-apply-to", "applyTo: is %s; it is one string of comma-separated globs"},
			{"globs", "", "error", "lint/copilot-globs", "globs: is Cursor's key; Copilot reads applyTo:"},
		}}
	clineDialect = ruleDialect{agent: "cline",
		badYAML: Finding{Severity: "error", Code: "lint/front-matter", Message: "front matter is not YAML (%v)"},
		empty:   Finding{Severity: "warning", Code: "lint/empty-front-matter", Message: "empty front matter: the rule always applies"},
		absent:  Finding{Severity: "none"},
		keys: []keyCheck{
			{"paths", "list", "error", "lint/cline-paths-string", "paths: is %s, not a YAML list"},
		}}
)

// lint checks one file of the dialect's directory.
func (d ruleDialect) lint(f lintFile) []Finding {
	at := func(x Finding, args ...any) []Finding {
		if x.Severity == "none" {
			return nil
		}
		x.Agent, x.Path = d.agent, f.rel
		if len(args) > 0 {
			x.Message = fmt.Sprintf(x.Message, args...)
		}
		return []Finding{x}
	}
	if d.suffix != "" && !strings.HasSuffix(f.rel, d.suffix) {
		return at(Finding{Severity: "error", Code: "lint/" + d.agent + "-name", Message: d.suffixMsg})
	}
	m, present, empty, err := frontMatter(f.text)
	switch {
	case err != nil:
		return at(d.badYAML, err)
	case present && empty, !present && d.absent.Severity == "":
		return at(d.empty)
	case !present:
		return at(d.absent)
	}
	var out []Finding
	for _, k := range d.keys {
		v, ok := m[k.key]
		if !ok {
			continue
		}
		var fits bool
		switch k.want {
		case "list":
			_, fits = v.([]any)
		case "bool":
			_, fits = v.(bool)
		case "string":
			_, fits = v.(string)
		}
		if fits {
			continue
		}
		msg := k.message
		if strings.Contains(msg, "%s") {
			msg = fmt.Sprintf(msg, describe(v))
		}
		out = append(out, Finding{Severity: k.severity, Code: k.code, Agent: d.agent, Path: f.rel, Message: msg})
	}
	if d.agent == "copilot" {
		if _, ok := m["applyTo"]; !ok {
			out = append(out, at(d.empty)...)
		}
	}
	return out
}

// lintWindsurfRule: a workspace rule has a trigger and at most 12,000
// characters.
func lintWindsurfRule(f lintFile) []Finding {
	const a = "windsurf"
	var out []Finding
	if n := utf8.RuneCountInString(f.text); n > windsurfRuleLimit {
		out = append(out, lintErr("lint/windsurf-limit", a, f.rel, "%d characters, over Windsurf's limit of %d per rule file", n, windsurfRuleLimit))
	}
	m, present, empty, err := frontMatter(f.text)
	switch {
	case err != nil:
		out = append(out, lintErr("lint/front-matter", a, f.rel, "front matter is not YAML (%v)", err))
	case present && empty:
		out = append(out, lintWarn("lint/empty-front-matter", a, f.rel, "empty front matter: no trigger"))
	case present:
		if t, ok := m["trigger"].(string); ok && t == "glob" {
			if _, has := m["globs"]; !has {
				out = append(out, lintErr("lint/windsurf-glob", a, f.rel, "trigger: glob without globs: the rule never applies"))
			}
		}
	}
	return out
}

// lintGeminiSettings: contextFileName at the top of .gemini/settings.json
// is the legacy key; Gemini CLI 0.61.0 reads context.fileName.
func lintGeminiSettings(fsys sources.FS, root string) []Finding {
	rel := ".gemini/settings.json"
	b, err := sources.ReadFile(fsys, path.Join(root, rel))
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return []Finding{lintErr("lint/gemini-settings", "gemini-cli", rel, "not valid JSON")}
	}
	if _, ok := m["contextFileName"]; ok {
		return []Finding{lintWarn("lint/gemini-legacy-key", "gemini-cli", rel, "contextFileName is the legacy top-level key; Gemini CLI 0.61.0 reads context.fileName (\"context\": {\"fileName\": [...]}), so these names are not read")}
	}
	return nil
}

// describe names a YAML value's type for a message.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", x)
	case nil:
		return "empty"
	case bool:
		return fmt.Sprintf("the boolean %v", x)
	case map[string]any:
		return "a mapping"
	}
	return fmt.Sprintf("%v", v)
}
