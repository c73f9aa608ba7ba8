package claudemd

import (
	"reflect"
	"testing"
)

func TestFrontmatter(t *testing.T) {
	for _, tc := range []struct{ in, rest string }{
		{"---\na: 1\n---\nbody\n", "body\n"},
		{"---\r\na: 1\r\n---\r\nbody", "body"},
		{"body\n---\na\n---\n", "body\n---\na\n---\n"}, // CC-10: only at the very top
		{"---\nunclosed\n", "---\nunclosed\n"},
	} {
		if _, rest := frontmatter(tc.in); rest != tc.rest {
			t.Errorf("frontmatter(%q) rest = %q, want %q", tc.in, rest, tc.rest)
		}
	}
	for _, tc := range []struct {
		fm   []string
		want bool
	}{
		{[]string{`paths: "**"`}, false},
		{[]string{"paths:", `  - "src/**/*.ts"`}, true},
		{[]string{"paths: [a, b]"}, true},
		{[]string{"description: x"}, false},
	} {
		if got := conditional(tc.fm); got != tc.want {
			t.Errorf("conditional(%q) = %v", tc.fm, got)
		}
	}
}

func TestProcess(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		// CC-9: a block comment goes with its blank lines, then CRLF becomes LF
		{"A\r\n\r\n<!-- x -->\r\n\r\nB\r\n", "A\n\nB\n"},
		{"A\r\nB\r\n", "A\r\nB\r\n"},
		{"inline <!-- stays --> text\n", "inline <!-- stays --> text\n"},
		{"```\n<!-- in code -->\n```\n", "```\n<!-- in code -->\n```\n"},
		{"<!--\nmulti\n-->\nB\n", "B\n"},
		{"<!-- unclosed\nB\n", "<!-- unclosed\nB\n"},
	} {
		if got, _ := process(tc.in); got != tc.out {
			t.Errorf("process(%q) = %q, want %q", tc.in, got, tc.out)
		}
	}
}

func TestImportPaths(t *testing.T) {
	text := "@a.md see @./b.md `@code.md` x@no.md @frag.md#s @with\\ space.md @~/h.md @/abs.md @ @/ @(x)\n```\n@fence.md\n```\n\n    @indented.md\n"
	_, runs := process(text)
	got := importPaths(runs, "/d", "/home")
	want := []string{"/d/a.md", "/d/b.md", "/d/frag.md", "/d/with space.md", "/home/h.md", "/abs.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("importPaths = %q, want %q", got, want)
	}
}

func TestGlobRe(t *testing.T) {
	for _, tc := range []struct {
		glob, path string
		want       bool
	}{
		{"**/CLAUDE.local.md", "/a/b/CLAUDE.local.md", true},
		{"/a/*.md", "/a/x.md", true},
		{"/a/*.md", "/a/b/x.md", false},
		{"/a/CLAUDE.md", "/a/CLAUDE.md", true},
		{"/a/?.md", "/a/xy.md", false},
	} {
		re, err := globRe(tc.glob)
		if err != nil || re.MatchString(tc.path) != tc.want {
			t.Errorf("globRe(%q) on %q = %v (%v), want %v", tc.glob, tc.path, !tc.want, err, tc.want)
		}
	}
}
