package sections

import (
	"strings"
	"testing"
)

func TestRenderAndFields(t *testing.T) {
	tmpl, err := Parse("s", `{{ range .skills }}<n>{{ xml .Name }}</n>{{ end }}|{{ slashes .cwd }}|{{ lines .list }}|{{ $.other }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(tmpl.Fields(), ","); got != "Name,cwd,list,other,skills" {
		t.Errorf("fields = %s", got)
	}
	type skill struct{ Name string }
	out, err := tmpl.Render(map[string]any{
		"skills": []skill{{`a&b<c>"d'`}},
		"cwd":    `C:\x\y`,
		"list":   []string{"1", "2"},
		"other":  "o",
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "<n>a&amp;b&lt;c&gt;&quot;d&apos;</n>|C:/x/y|1\n2|o"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func TestMissingKeyIsAnError(t *testing.T) {
	tmpl, err := Parse("s", `{{ .nope }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tmpl.Render(map[string]any{}); err == nil || !strings.Contains(err.Error(), `map has no entry for key "nope"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestHermeticFuncs(t *testing.T) {
	for _, name := range []string{"now", "randAlpha", "env", "uuidv4"} {
		if _, ok := Funcs()[name]; ok {
			t.Errorf("non-hermetic function %s is available", name)
		}
	}
}

func TestRootFields(t *testing.T) {
	tmpl, err := Parse("s", `{{ .a }}{{ range .b }}{{ .Elem }}{{ $.c }}{{ else }}{{ .d }}{{ end }}{{ with .e }}{{ .Inner }}{{ end }}{{ if .f }}{{ .g.H }}{{ end }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(tmpl.RootFields(), ","); got != "a,b,c,d,e,f,g" {
		t.Errorf("root fields = %s", got)
	}
}
