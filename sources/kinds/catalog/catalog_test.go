package catalog

import (
	"reflect"
	"testing"
)

func cat() map[string]map[string]any {
	return map[string]map[string]any{
		"zh": {"heading": "## 🌐 回复语言", "tools": map[string]any{"read": "读取文件内容"}},
		"en": {"heading": "## 🌐 Response language", "tools": map[string]any{"read": "read file content"}},
	}
}

func TestSelect(t *testing.T) {
	tests := []struct {
		lang, want string
	}{
		{"en", "en"},
		{"zh", "zh"},
		{"zh-Hant", "zh"}, // CowAgent: only exactly "en" is English (R-LANG-SKEL)
		{"", "zh"},
		{"EN", "zh"},
	}
	for _, tt := range tests {
		table, got, err := Select(Options{Languages: cat(), Language: tt.lang, Fallback: "zh"})
		if err != nil || got != tt.want || !reflect.DeepEqual(table, cat()[tt.want]) {
			t.Errorf("Select(%q) = %v, %q, %v; want %q", tt.lang, table, got, err, tt.want)
		}
	}
}

func TestSelectErrors(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"missing fallback", Options{Languages: cat(), Fallback: "fr"}, `catalog: fallback language "fr" is not in the catalog (languages: en, zh)`},
		{"missing keys", Options{Languages: map[string]map[string]any{
			"zh": {"a": "1", "t": map[string]any{"x": "y"}},
			"en": {"a": "1", "b": "2"},
		}, Fallback: "zh"}, `catalog: language "en" lacks "t.x"; language "zh" lacks "b"`},
		{"bad value", Options{Languages: map[string]map[string]any{"zh": {"n": 3}}, Fallback: "zh"},
			`catalog: language "zh": "n" holds a int, not a string or a table`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := Select(tt.opts); err == nil || err.Error() != tt.want {
				t.Errorf("error = %v\nwant %s", err, tt.want)
			}
		})
	}
}
