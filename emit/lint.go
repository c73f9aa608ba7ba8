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
	out = append(out, lintDir(fsys, root, ".claude/rules", true, lintClaudeRule)...)
	out = append(out, lintDir(fsys, root, ".cursor/rules", true, lintCursorRule)...)
	out = append(out, lintDir(fsys, root, ".github/instructions", true, lintCopilotRule)...)
	out = append(out, lintDir(fsys, root, ".windsurf/rules", false, lintWindsurfRule)...)
	out = append(out, lintDir(fsys, root, ".clinerules", false, lintClineRule)...)
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

// lintClaudeRule: Claude Code reads paths: (a YAML list) in
// .claude/rules/*.md; globs: is Cursor's key, ignored, so the rule loads
// at every start.
func lintClaudeRule(f lintFile) []Finding {
	const a = "claude-code"
	if !strings.HasSuffix(f.rel, ".md") {
		return []Finding{lintWarn("lint/claude-not-md", a, f.rel, "Claude Code reads only .md files in .claude/rules: this file is ignored")}
	}
	m, present, empty, err := frontMatter(f.text)
	switch {
	case err != nil:
		return []Finding{lintErr("lint/front-matter", a, f.rel, "front matter is not YAML (%v): Claude Code may load the rule always or not as meant", err)}
	case present && empty:
		return []Finding{lintWarn("lint/empty-front-matter", a, f.rel, "empty front matter: the rule loads at every start; drop the fences, or add paths: to scope it")}
	case !present:
		return nil
	}
	var out []Finding
	if _, ok := m["globs"]; ok {
		out = append(out, lintErr("lint/claude-globs", a, f.rel, "globs: is Cursor's key; Claude Code reads paths:, so this rule loads at every start in every directory (write paths: as a YAML list)"))
	}
	if v, ok := m["paths"]; ok {
		if _, isList := v.([]any); !isList {
			out = append(out, lintErr("lint/claude-paths-string", a, f.rel, "paths: is %s, not a YAML list; write each pattern as a list item (- \"src/**\")", describe(v)))
		}
	}
	if _, ok := m["alwaysApply"]; ok {
		out = append(out, lintWarn("lint/claude-always-apply", a, f.rel, "alwaysApply: is Cursor's key; Claude Code ignores it (a rule without paths: loads always)"))
	}
	return out
}

// lintCursorRule: Cursor reads .mdc files with description, globs and
// alwaysApply (a boolean).
func lintCursorRule(f lintFile) []Finding {
	const a = "cursor"
	if !strings.HasSuffix(f.rel, ".mdc") {
		return []Finding{lintErr("lint/cursor-not-mdc", a, f.rel, "Cursor reads .mdc files in .cursor/rules: this %s file is ignored (rename it to .mdc with description/globs/alwaysApply front matter)", path.Ext(f.rel))}
	}
	m, present, empty, err := frontMatter(f.text)
	switch {
	case err != nil:
		return []Finding{lintErr("lint/front-matter", a, f.rel, "front matter is not YAML (%v): Cursor skips the rule", err)}
	case !present || empty:
		return []Finding{lintErr("lint/empty-front-matter", a, f.rel, "no description, globs or alwaysApply: Cursor applies the rule only when it is @-mentioned")}
	}
	var out []Finding
	if v, ok := m["alwaysApply"]; ok {
		if _, isBool := v.(bool); !isBool {
			out = append(out, lintErr("lint/cursor-always-apply", a, f.rel, "alwaysApply: is %s, not true or false: Cursor does not treat the rule as always applied", describe(v)))
		}
	}
	if _, ok := m["paths"]; ok {
		out = append(out, lintErr("lint/cursor-paths", a, f.rel, "paths: is Claude Code's key; Cursor reads globs:"))
	}
	return out
}

// lintCopilotRule: Copilot reads .github/instructions/*.instructions.md
// with applyTo.
func lintCopilotRule(f lintFile) []Finding {
	const a = "copilot"
	if !strings.HasSuffix(f.rel, ".instructions.md") {
		return []Finding{lintErr("lint/copilot-name", a, f.rel, "Copilot reads files named *.instructions.md in .github/instructions: this file is ignored")}
	}
	m, present, empty, err := frontMatter(f.text)
	switch {
	case err != nil:
		return []Finding{lintErr("lint/front-matter", a, f.rel, "front matter is not YAML (%v)", err)}
	case !present || empty:
		return []Finding{lintWarn("lint/copilot-no-apply-to", a, f.rel, "no applyTo: Copilot does not apply these instructions automatically")}
	}
	var out []Finding
	if v, ok := m["applyTo"]; !ok {
		out = append(out, lintWarn("lint/copilot-no-apply-to", a, f.rel, "no applyTo: Copilot does not apply these instructions automatically"))
	} else if _, isString := v.(string); !isString {
		out = append(out, lintErr("lint/copilot-apply-to", a, f.rel, "applyTo: is %s; it is one string of comma-separated globs", describe(v)))
	}
	if _, ok := m["globs"]; ok {
		out = append(out, lintErr("lint/copilot-globs", a, f.rel, "globs: is Cursor's key; Copilot reads applyTo:"))
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

// lintClineRule: Cline's conditional rules take paths: as a YAML list.
func lintClineRule(f lintFile) []Finding {
	const a = "cline"
	m, present, empty, err := frontMatter(f.text)
	switch {
	case err != nil:
		return []Finding{lintErr("lint/front-matter", a, f.rel, "front matter is not YAML (%v)", err)}
	case present && empty:
		return []Finding{lintWarn("lint/empty-front-matter", a, f.rel, "empty front matter: the rule always applies")}
	case !present:
		return nil
	}
	if v, ok := m["paths"]; ok {
		if _, isList := v.([]any); !isList {
			return []Finding{lintErr("lint/cline-paths-string", a, f.rel, "paths: is %s, not a YAML list", describe(v))}
		}
	}
	return nil
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
