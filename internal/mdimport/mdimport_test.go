package mdimport

import (
	"reflect"
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"one", "Rules.\n@docs/style.md\nMore.", []string{"docs/style.md"}},
		{"absolute and indented", "  @/etc/rules.md  \n", []string{"/etc/rules.md"}},
		{"mention", "@alice\n", nil},
		{"inline", "see @docs/style.md\n", nil},
		{"code span", "`@docs/style.md`\n", nil},
		{"indented code", "    @docs/style.md\n\t@x.md\n", nil},
		{"fenced", "```\n@a.md\n```\n@b.md\n", []string{"b.md"}},
		{"tilde fence", "~~~~md\n@a.md\n~~~\n@c.md\n~~~~\n@b.md", []string{"b.md"}},
		{"backtick fence does not close tilde", "~~~\n```\n@a.md\n~~~\n@b.md\n", []string{"b.md"}},
		{"unclosed fence", "```\n@a.md\n", nil},
		{"crlf", "@a.md\r\n", []string{"a.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, r := range Find(tc.text) {
				got = append(got, r.Path)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Find(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

// FuzzFind: Find never panics, its refs are in order, inside the text,
// each a whole line that starts with @ after its indentation.
func FuzzFind(f *testing.F) {
	f.Add("@a.md\n```\n@b.md\n```\n")
	f.Add("~~~\n@x/y\n")
	f.Fuzz(func(t *testing.T, text string) {
		last := -1
		for _, r := range Find(text) {
			if r.Start <= last || r.Start > r.End || r.End > len(text) {
				t.Fatalf("bad ref %+v in %q", r, text)
			}
			last = r.End
			line := text[r.Start:r.End]
			if strings.Contains(line, "\n") || !strings.HasPrefix(strings.TrimLeft(line, " "), "@"+r.Path) {
				t.Fatalf("ref %+v is not its line %q", r, line)
			}
			if r.Start > 0 && text[r.Start-1] != '\n' {
				t.Fatalf("ref %+v does not start a line", r)
			}
		}
	})
}
