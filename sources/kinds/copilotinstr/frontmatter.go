package copilotinstr

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// frontMatter is the YAML mapping between a first line "---" and the
// next line "---", nil when there is none or it does not parse.
func frontMatter(text string) map[string]any {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if !strings.HasPrefix(text, "---\n") {
		return nil
	}
	body, _, ok := strings.Cut(text[4:], "\n---")
	if !ok {
		return nil
	}
	var m map[string]any
	if yaml.Unmarshal([]byte(body), &m) != nil {
		return nil
	}
	return m
}

// applyTo is the pattern text of an applyTo value: its comma-separated
// patterns (or list items), trimmed and joined by ", " (CP-7).
func applyTo(v any) string {
	var parts []string
	switch v := v.(type) {
	case string:
		parts = strings.Split(v, ",")
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok {
				parts = append(parts, s)
			}
		}
	}
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ", ")
}
