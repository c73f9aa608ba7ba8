package schema

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		doc  map[string]any
		want string
	}{
		{"ok", map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"a": map[string]any{"template": "t"}}}, ""},
		{"unknown key", map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"a": map[string]any{"template": "t", "wen": "x"}}},
			`/sections/a/wen key: unknown key "wen"`},
		{"missing", map[string]any{"promptc": int64(1), "name": "x"}, `: missing required key "sections"`},
		{"bad version", map[string]any{"promptc": int64(2), "name": "x", "sections": map[string]any{"a": map[string]any{"template": "t"}}}, `/promptc: unsupported pipeline format version (this promptc reads promptc: 1)`},
		{"bad id", map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"A-b": map[string]any{"template": "t"}}},
			`/sections/A-b key: invalid name: must match ^[a-z][a-z0-9_]*$ (lowercase letters, digits, underscores)`},
		{"bad type", map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"a": map[string]any{"template": int64(3)}}},
			`/sections/a/template: expected string, got number`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs, err := Validate(tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, v := range vs {
				where := v.Pointer
				if v.AtKey {
					where += " key"
				}
				lines = append(lines, where+": "+v.Message)
			}
			if got := strings.Join(lines, "\n"); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
