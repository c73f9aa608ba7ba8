package sections

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/diag"
)

type tool struct {
	Name    string
	Snippet string
}

type toolSet struct {
	Listed []tool
	Names  []string
	ByName map[string]tool
	Any    any
	ptr    *tool
}

func (toolSet) Count() int    { return 0 }
func (*toolSet) First() *tool { return nil }

func TestCheckFields(t *testing.T) {
	root := map[string]reflect.Type{"tools": reflect.TypeFor[toolSet](), "cwd": reflect.TypeFor[string]()}
	suggest := diag.DidYouMean
	tests := []struct{ text, want string }{
		{`{{ .tools.Listed }}{{ .cwd }}`, ``},
		{`{{ .tools.Listd }}`, `1: the template reads .tools.Listd, but sections.toolSet has no field or method Listd (Listed)`},
		{"a\n{{ range .tools.Listed }}{{ .Nme }}{{ end }}", `2: the template reads .Nme, but sections.tool has no field or method Nme (Name)`},
		{`{{ range $i, $t := .tools.Listed }}{{ $t.Snipet }}{{ $i }}{{ end }}`, `1: the template reads $t.Snipet, but sections.tool has no field or method Snipet (Snippet)`},
		{`{{ with .tools }}{{ .Names }}{{ .Nams }}{{ end }}`, `1: the template reads .Nams, but sections.toolSet has no field or method Nams (Names)`},
		{`{{ .tools.Count }}{{ .tools.First.Name }}`, ``},                  // methods, value and pointer receivers
		{`{{ .tools.ByName.anything.Name }}{{ .tools.Any.Whatever }}`, ``}, // maps and interfaces are run-time
		{`{{ range .tools.ByName }}{{ .Snippet }}{{ .Nope }}{{ end }}`, `1: the template reads .Nope, but sections.tool has no field or method Nope (Name)`},
		{`{{ (index .tools.Listed 0).Whatever }}{{ .tools.Listed | len }}`, ``}, // through functions: unknown
		{`{{ $.tools.Nmes }}`, `1: the template reads $.tools.Nmes, but sections.toolSet has no field or method Nmes (Names)`},
		{`{{ .unknown.X }}`, ``}, // unknown root names are RootFields' to report
		{`{{ .tools.ptr }}`, `1: the template reads .tools.ptr, but sections.toolSet has no field or method ptr`},
		{`{{ if .tools.Names }}{{ .tools.X }}{{ else }}{{ .cwd.Y }}{{ end }}`, `1: the template reads .tools.X, but sections.toolSet has no field or method X|1: the template reads .cwd.Y, but string has no field or method Y`},
	}
	for _, tc := range tests {
		tmpl, err := Parse("t", tc.text, Funcs())
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		var got []string
		for _, e := range tmpl.CheckFields(root, suggest) {
			s := strings.TrimSpace(strings.Join([]string{strconv.Itoa(e.Line) + ": " + e.Error(), paren(e.Suggestion)}, " "))
			got = append(got, s)
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("CheckFields(%q)\n got %s\nwant %s", tc.text, g, tc.want)
		}
	}
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return "(" + s + ")"
}
