package sections

import (
	"fmt"
	"strings"
	"testing"
)

type inner struct{ X int }

type embedded struct{ E string }

type directItem struct {
	Name  string
	Path  named
	Count int
	Ratio float64
	On    bool
	Tags  [2]string
	In    inner
	embedded
	hidden string
}

type named string

func directItems(n int) []directItem {
	out := make([]directItem, n)
	for i := range out {
		out[i] = directItem{
			Name: fmt.Sprintf("n<%d>&'\"", i), Path: named(fmt.Sprintf(`a\b%d`, i)), Count: i % 3, Ratio: float64(i) / 4,
			On: i%2 == 0, Tags: [2]string{"t", fmt.Sprint(i)}, In: inner{X: i % 2}, embedded: embedded{E: "e"}, hidden: "h",
		}
	}
	return out
}

// TestDirectIsTextTemplate renders range bodies the direct way takes,
// and some it must refuse, and requires the plain template's text or
// error every time.
func TestDirectIsTextTemplate(t *testing.T) {
	funcs := Funcs()
	funcs["boom"] = func(s string) string { panic("boom") }
	cases := []struct {
		name, body string
		direct     bool // the direct way prints the body (no fallback)
	}{
		{"pi's skills index", `{{ if .On }}{{ else }}<skill><name>{{ xml .Name }}</name><location>{{ xml .Path }}</location></skill>{{ end }}`, true},
		{"values of every kind", `{{ .Name }}|{{ .Path }}|{{ .Count }}|{{ .Ratio }}|{{ .On }}|{{ .Tags }}|{{ .In }}|{{ .In.X }}|{{ .E }};`, true},
		{"truth of every kind", `{{ if .Name }}s{{ end }}{{ if .Count }}i{{ else }}0{{ end }}{{ if .Ratio }}f{{ end }}{{ if .Tags }}a{{ end }}{{ if .In }}st{{ end }}{{ if .In.X }}x{{ else if .On }}on{{ else }}-{{ end }};`, true},
		{"functions on constants and fields", `{{ xml "<&>" }}{{ upper "q" }}{{ upper .Name }}{{ xml .Count }}{{ xml .Tags }}{{- /* a comment */ -}};`, true},
		{"dot", `{{ if . }}{{ xml . }}{{ end }}`, true},
		{"a named string where a string is wanted", `{{ slashes .Path }}`, false},
		{"an unexported field", `{{ .hidden }}`, false},
		{"a missing field", `{{ .Nope }}`, false},
		{"a field of a field of a string", `{{ .Name.X }}`, false},
		{"a function that panics", `{{ boom .Name }}`, false},
		{"a pipeline", `{{ .Name | xml }}`, false},
		{"two arguments", `{{ replace "a" "b" .Name }}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := "<{{ range .l }}" + c.body + "{{ end }}>"
			tmpl, err := Parse("s", text, funcs)
			if err != nil {
				t.Fatal(err)
			}
			for _, data := range []map[string]any{
				{"l": directItems(5)}, {"l": directItems(0)}, {"l": []directItem(nil)}, {"l": [3]directItem(directItems(3))},
			} {
				ref, err := Parse("s", text, funcs)
				if err != nil {
					t.Fatal(err)
				}
				want, wantErr := ref.renderPlain(data)
				got, gotErr := tmpl.Render(data)
				if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
					t.Errorf("Render = %q, %v; text/template = %q, %v", got, gotErr, want, wantErr)
				}
			}
			if tookDirect := tmpl.memoForm().direct && !tmpl.noDirect.Load(); tookDirect != c.direct {
				t.Errorf("printed directly: %v, want %v", tookDirect, c.direct)
			}
		})
	}
}

// TestDirectLimits: the direct way counts iterations and output as the
// plain template does, and fails with its errors.
func TestDirectLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("a million range iterations")
	}
	tmpl, err := Parse("s", `{{ range .l }}{{ . }}{{ end }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	_, err = tmpl.Render(map[string]any{"l": make([]bool, MaxIterations+1)})
	if le, ok := AsLimit(err); !ok || le.What != "range" {
		t.Fatalf("err = %v, want the range limit", err)
	}
	tmpl, err = Parse("s", `{{ range .l }}{{ . }}{{ end }}`, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", MaxRenderBytes/4+1)
	_, err = tmpl.Render(map[string]any{"l": []string{big, big, big, big}})
	if le, ok := AsLimit(err); !ok || le.What != "output" {
		t.Fatalf("err = %v, want the output limit", err)
	}
}

// TestDirectShapes: which bodies have a direct shape at all.
func TestDirectShapes(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{`x{{ .A }}{{ xml .B }}{{ if .C }}y{{ else }}{{ lower "Z" }}{{ end }}`, true},
		{``, true},
		{`{{ range .A }}{{ end }}`, false},
		{`{{ with .A }}{{ end }}`, false},
		{`{{ index .A 0 }}`, false},
		{`{{ printf "%d" .A }}`, false},
		{`{{ if and .A .B }}{{ end }}`, false},
		{`{{ (.A) }}`, false},
		{`{{ "s" }}`, false},
	} {
		tmpl, err := Parse("s", "{{ range .l }}"+c.body+"{{ end }}", Funcs())
		if err != nil {
			t.Fatal(err)
		}
		f := tmpl.memoForm()
		if got := f != nil && f.direct; got != c.want {
			t.Errorf("%q: direct %v, want %v", c.body, got, c.want)
		}
	}
}

// TestDirectAfterFailures: an error of the template's own (a missing
// key) leaves the direct way on for later renders; a list it cannot
// print directly turns it off, and Render goes on as text/template.
func TestDirectAfterFailures(t *testing.T) {
	text := `{{ range .l }}{{ .Name }};{{ end }}{{ .tail }}`
	tmpl, err := Parse("s", text, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Parse("s", text, Funcs())
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		data   map[string]any
		direct bool // still on after this render
	}{
		{map[string]any{"l": directItems(2)}, true}, // no tail: missingkey=error
		{map[string]any{"l": directItems(2), "tail": "."}, true},
		{map[string]any{"l": []any{directItem{Name: "x"}}, "tail": "."}, false},
		{map[string]any{"l": directItems(1), "tail": "."}, false},
	} {
		want, wantErr := ref.renderPlain(c.data)
		got, gotErr := tmpl.Render(c.data)
		if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Errorf("render %d: %q, %v; text/template: %q, %v", i, got, gotErr, want, wantErr)
		}
		if on := !tmpl.noDirect.Load(); on != c.direct {
			t.Errorf("render %d: direct way on %v, want %v", i, on, c.direct)
		}
	}
}

// FuzzDirect renders range bodies through Render, which prints the
// direct ones without text/template, and through the plain template, over
// lists of several element types: the texts and errors must be equal.
func FuzzDirect(f *testing.F) {
	for _, s := range []string{
		`{{ if .On }}{{ else }}<n>{{ xml .Name }}</n>{{ end }}`, `{{ .Name }}|{{ .Count }}|{{ .In.X }}|{{ .E }}`,
		`{{ if .Tags }}{{ xml .Tags }}{{ else if .Ratio }}r{{ end }}`, `{{ upper "x" }}{{ slashes .Path }}{{ lower .Name }}`,
		`{{ . }}`, `{{ xml . }};`, `{{ if . }}y{{ end }}`, `{{- /* c */ -}}{{ trim .Name }}`, `{{ .hidden }}`, `{{ .Nope }}`,
	} {
		f.Add(s)
	}
	funcs := Funcs()
	lists := []any{directItems(4), []string{"a", "<b>", ""}, []int{0, 7}, [][2]string{{"x", "y"}}, []named{"p", `q\r`}, []bool{true, false}}
	f.Fuzz(func(t *testing.T, body string) {
		text := "{{ range .l }}" + body + "{{ end }}"
		ref, err := Parse("s", text, funcs)
		if err != nil {
			return
		}
		for _, l := range lists {
			tmpl, err := Parse("s", text, funcs) // its own: a list it cannot print turns the direct way off
			if err != nil {
				t.Fatal(err)
			}
			data := map[string]any{"l": l}
			want, wantErr := ref.renderPlain(data)
			got, gotErr := tmpl.Render(data)
			if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("%q over %T: Render = %q, %v; text/template = %q, %v", body, l, got, gotErr, want, wantErr)
			}
		}
	})
}
