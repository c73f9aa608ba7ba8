package emit

import (
	"fmt"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/sources"
)

// Imported is a starting source read from a repository's existing
// instruction files.
type Imported struct {
	// YAML is the rules file, ready to write to .promptc/rules.yaml.
	YAML []byte
	// From lists the files read, and Skipped those left out with why.
	From    []string
	Skipped []string
}

// importedRule is one section found.
type importedRule struct {
	id, doc, text, from string
	appliesTo           []string
}

// Import reads CLAUDE.md, AGENTS.md, GEMINI.md, .claude/rules,
// .cursor/rules, Copilot's and Windsurf's files at root into one source:
// a section per file (a rule file's scope becomes applies_to), the same
// text found in several files once. promptc's own managed blocks are left
// out (they come from a source already).
func Import(fsys sources.FS, root string) (*Imported, error) {
	im := &Imported{}
	var rules []importedRule
	add := func(rel, id, doc string, appliesTo []string) {
		b, err := sources.ReadFile(fsys, path.Join(root, rel))
		if err != nil {
			return
		}
		text := string(b)
		if m, ok, _ := findBlock(text); ok {
			text = text[:m.start] + text[m.end:]
		}
		_, present, _, _ := frontMatter(text)
		if present {
			text = stripFront(text)
		}
		text = strings.TrimSpace(text)
		if text == "" {
			im.Skipped = append(im.Skipped, rel+": no text of its own")
			return
		}
		for _, r := range rules {
			if r.text == text && slicesEqual(r.appliesTo, appliesTo) {
				im.Skipped = append(im.Skipped, rel+": same text as "+r.from)
				return
			}
		}
		im.From = append(im.From, rel)
		rules = append(rules, importedRule{id: uniqueID(rules, id), doc: doc, text: text, from: rel, appliesTo: appliesTo})
	}
	for _, f := range []struct{ rel, id string }{{"AGENTS.md", "agents-md"}, {"CLAUDE.md", "claude-md"}, {"GEMINI.md", "gemini-md"}, {".github/copilot-instructions.md", "copilot-instructions"}} {
		add(f.rel, f.id, "", nil)
	}
	for _, d := range []struct{ dir, ext, scopeKey string }{
		{".claude/rules", ".md", "paths"}, {".cursor/rules", ".mdc", "globs"},
		{".github/instructions", ".instructions.md", "applyTo"}, {".windsurf/rules", ".md", "globs"},
	} {
		entries, err := sources.ReadDir(fsys, path.Join(root, d.dir))
		if err != nil {
			continue
		}
		for _, e := range entries {
			rel := path.Join(d.dir, e.Name())
			if e.IsDir() || !strings.HasSuffix(e.Name(), d.ext) {
				if !e.IsDir() {
					im.Skipped = append(im.Skipped, rel+": not a "+d.ext+" file")
				}
				continue
			}
			b, err := sources.ReadFile(fsys, path.Join(root, rel))
			if err != nil {
				continue
			}
			m, _, _, _ := frontMatter(string(b))
			doc, _ := m["description"].(string)
			add(rel, sanitizeID(strings.TrimSuffix(e.Name(), d.ext)), doc, patterns(m[d.scopeKey]))
		}
	}
	out, err := importedYAML(rules)
	if err != nil {
		return nil, err
	}
	im.YAML = out
	return im, nil
}

// stripFront drops a leading front matter block.
func stripFront(text string) string {
	_, rest, _ := strings.Cut(text, "\n")
	for {
		line, next, ok := strings.Cut(rest, "\n")
		if strings.TrimRight(line, "\r") == "---" || !ok {
			return next
		}
		rest = next
	}
}

// patterns reads a scope value: a YAML list, or a comma-separated string.
func patterns(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		for _, p := range strings.Split(x, ",") {
			if p = strings.TrimSpace(p); p != "" && p != "**" {
				out = append(out, p)
			}
		}
	case []any:
		for _, it := range x {
			if s, ok := it.(string); ok && s != "**" {
				out = append(out, s)
			}
		}
	}
	return out
}

func slicesEqual(a, b []string) bool { return strings.Join(a, "\x00") == strings.Join(b, "\x00") }

func sanitizeID(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "rule"
	}
	return b.String()
}

func uniqueID(rules []importedRule, id string) string {
	taken := func(s string) bool {
		for _, r := range rules {
			if r.id == s {
				return true
			}
		}
		return false
	}
	out := id
	for n := 2; taken(out); n++ {
		out = fmt.Sprintf("%s-%d", id, n)
	}
	return out
}

// importedYAML renders the rules file; texts are literal blocks, with
// "{{" escaped since templates are Go templates.
func importedYAML(rules []importedRule) ([]byte, error) {
	str := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: s} }
	secs := &yaml.Node{Kind: yaml.MappingNode}
	for _, r := range rules {
		sec := &yaml.Node{Kind: yaml.MappingNode}
		if r.doc != "" {
			sec.Content = append(sec.Content, str("doc"), str(r.doc))
		}
		if len(r.appliesTo) > 0 {
			list := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
			for _, p := range r.appliesTo {
				list.Content = append(list.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: p, Style: yaml.DoubleQuotedStyle})
			}
			sec.Content = append(sec.Content, str("applies_to"), list)
		}
		tmpl := strings.ReplaceAll(r.text, "{{", "{{`{{`}}") + "\n"
		sec.Content = append(sec.Content, str("template"), &yaml.Node{Kind: yaml.ScalarNode, Value: tmpl, Style: yaml.LiteralStyle})
		key := str(r.id)
		key.HeadComment = "from " + r.from
		secs.Content = append(secs.Content, key, sec)
	}
	top := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str("promptc"), {Kind: yaml.ScalarNode, Value: "1", Tag: "!!int"}, str("sections"), secs}}
	top.HeadComment = "The rules promptc emit writes for every agent (promptc init --from-existing read them from this repository's files)."
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{top}}); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}
