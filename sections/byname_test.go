package sections

import "testing"

// TestByName: a template that indexes its data only by name renders the
// same over a map with more names (ByName); one that reads dot or $ as a
// whole anywhere is not ByName, and the extra names show in what it
// prints.
func TestByName(t *testing.T) {
	data := map[string]any{"cwd": "/x", "docs": []string{"a", "b"}}
	more := map[string]any{"cwd": "/x", "docs": []string{"a", "b"}, "zzz": "extra"}
	tests := []struct {
		text   string
		byName bool
	}{
		{`{{ .cwd }}: {{ range $i, $d := .docs }}{{ if $i }}, {{ end }}{{ $d }}{{ end }}`, true},
		{`{{ with .cwd }}{{ $.docs }}{{ end }}`, true},
		{`{{ define "x" }}[x]{{ end }}{{ template "x" }}{{ .cwd }}`, true},
		{`{{ . }}`, false},
		{`{{ len . }}`, false},
		{`{{ $ }}`, false},
		{`{{ range .docs }}{{ . }}{{ end }}`, false}, // dot of an element: still refused
		{`{{ define "x" }}{{ .cwd }}{{ end }}{{ template "x" . }}`, false},
		{`{{ $all := . }}{{ $all.cwd }}`, false},
	}
	for _, tc := range tests {
		tmpl, err := Parse("s", tc.text, Funcs())
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if tmpl.ByName() != tc.byName {
			t.Errorf("%s: ByName %v, want %v", tc.text, tmpl.ByName(), tc.byName)
		}
		a, err1 := tmpl.Render(data)
		b, err2 := tmpl.Render(more)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v / %v", tc.text, err1, err2)
		}
		if tc.byName && a != b {
			t.Errorf("%s: %q over its data, %q over more", tc.text, a, b)
		}
	}
	// Why dot is refused: the whole map is what it prints.
	tmpl, _ := Parse("s", `{{ . }}`, Funcs())
	a, _ := tmpl.Render(data)
	b, _ := tmpl.Render(more)
	if a == b {
		t.Errorf("{{ . }} printed %q over both maps; the test no longer shows why dot is refused", a)
	}
}
