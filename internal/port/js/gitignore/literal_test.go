package gitignore

import (
	"strings"
	"testing"
)

// FuzzRequiredLiteral: a path a rule's regexp matches always contains
// the rule's required literal, so the prefilter never hides a match.
func FuzzRequiredLiteral(f *testing.F) {
	for _, s := range [][2]string{
		{"drafts/", "a/drafts/"}, {"*-wip/", "x/Foo-WIP/"}, {"experimental-*/", "experimental-x/"},
		{"[abc]def", "bdef"}, {"a\\bcd", "abcd"}, {"!keep.md", "keep.md"}, {"foo[", "foo["}, {"**/build", "x/y/build"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, path string) {
		if !validPattern(pattern) {
			return
		}
		r := compileRule(pattern)
		folded, ok := foldedPath(path)
		if r.re != nil && r.re.MatchString(path) && ok && !strings.Contains(folded, r.literal) {
			t.Fatalf("pattern %q matches %q, but its literal %q rules it out", pattern, path, r.literal)
		}
	})
}

func TestRequiredLiteral(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"drafts/", "drafts"}, {"*-wip/", "-wip"}, {"experimental-*/", "experimental-"},
		{"[a-z]b", ""}, {"src/[abc]/file.go", "file.go"}, {"ab", ""}, {"x[", "x"[:0]}, {"Docs/*.MD", "docs"},
	} {
		if got := requiredLiteral(c.body); got != c.want {
			t.Errorf("requiredLiteral(%q) = %q, want %q", c.body, got, c.want)
		}
	}
}
