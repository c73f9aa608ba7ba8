package gitignore

import "testing"

type check struct {
	path    string
	ignored bool
}

// TestMatcherAgainstNpmIgnore pins results computed with the npm ignore
// package 7.0.5 (ignore().add(rules).ignores(path)).
func TestMatcherAgainstNpmIgnore(t *testing.T) {
	tests := []struct {
		rules  []string
		checks []check
	}{
		{[]string{"foo"}, []check{{"foo", true}, {"foo/", true}, {"a/foo", true}, {"a/foo/", true}, {"foo/bar", true}, {"foox", false}, {"afoo", false}, {"FOO", true}}},
		{[]string{"foo/"}, []check{{"foo", false}, {"foo/", true}, {"a/foo/", true}, {"foo/bar", true}, {"a/foo", false}}},
		{[]string{"/foo"}, []check{{"foo", true}, {"a/foo", false}, {"foo/x", true}}},
		{[]string{"a/b"}, []check{{"a/b", true}, {"x/a/b", false}, {"a/b/c", true}, {"a/b/", true}}},
		{[]string{"a/*"}, []check{{"a/b", true}, {"a/", false}, {"a/b/c", true}, {"a/b/", true}}},
		{[]string{"*.md"}, []check{{"x.md", true}, {"a/x.md", true}, {".md", true}, {"x.mdx", false}, {"x.MD", true}}},
		{[]string{"*.md", "!keep.md"}, []check{{"x.md", true}, {"keep.md", false}, {"a/keep.md", false}}},
		{[]string{"!keep.md", "*.md"}, []check{{"keep.md", true}}},
		{[]string{"dir/", "!dir/x"}, []check{{"dir/x", true}, {"dir/", true}, {"dir/y", true}}},
		{[]string{"**/foo"}, []check{{"foo", true}, {"a/foo", true}, {"a/b/foo", true}, {"a/foob", false}}},
		{[]string{"foo/**"}, []check{{"foo", false}, {"foo/", false}, {"foo/a", true}, {"foo/a/b", true}}},
		{[]string{"a/**/b"}, []check{{"a/b", true}, {"a/x/b", true}, {"a/x/y/b", true}, {"a/xb", false}}},
		{[]string{"a**b"}, []check{{"ab", true}, {"axxb", true}, {"a/b", false}, {"ax/yb", false}}},
		{[]string{"?.md"}, []check{{"a.md", true}, {"ab.md", false}}},
		{[]string{"[ab].md"}, []check{{"a.md", true}, {"b.md", true}, {"c.md", false}, {"A.md", true}}},
		{[]string{"[!a].md"}, []check{{"!.md", true}, {"a.md", true}, {"b.md", false}}},
		{[]string{"[^a].md"}, []check{{"^.md", true}, {"a.md", true}, {"b.md", false}}},
		{[]string{"[a-c]x"}, []check{{"bx", true}, {"dx", false}}},
		{[]string{"[c-a]x"}, []check{{"bx", false}, {"x", false}, {"cx", false}}},
		{[]string{"[a"}, []check{{"[a", false}, {"a", false}}},
		{[]string{"a]"}, []check{{"a]", true}}},
		{[]string{"\\#x"}, []check{{"#x", true}, {"x", false}}},
		{[]string{"\\!x"}, []check{{"!x", true}, {"x", false}}},
		{[]string{"foo\\*"}, []check{{"foo*", true}, {"foox", true}, {"foo", true}}},
		{[]string{"foo\\*bar"}, []check{{"foo*bar", true}, {"fooxbar", false}}},
		{[]string{"foo  "}, []check{{"foo", true}, {"foo  ", false}}},
		{[]string{"foo\\ "}, []check{{"foo ", true}, {"foo", false}}},
		{[]string{"foo\\\\ "}, []check{{"foo\\", true}, {"foo\\ ", false}}},
		{[]string{"a\\ b"}, []check{{"a b", true}}},
		{[]string{"\ufefffoo"}, []check{{"foo", true}}},
		{[]string{"\\d"}, []check{{"d", false}, {"1", true}, {"\\d", false}}},
		{[]string{"a?b"}, []check{{"axb", true}, {"a/b", false}, {"ab", false}}},
		{[]string{"x/"}, []check{{"x", false}, {"x/", true}, {"a/x/", true}}},
		{[]string{"/x/"}, []check{{"x/", true}, {"a/x/", false}}},
		{[]string{"sub/x/"}, []check{{"sub/x/", true}, {"a/sub/x/", false}, {"sub/x/y", true}}},
		{[]string{"sub/*.md", "!sub/keep.md"}, []check{{"sub/a.md", true}, {"sub/keep.md", false}, {"sub/d/x.md", false}}},
		{[]string{"*"}, []check{{"a", true}, {"a/b", true}, {".x", true}}},
		{[]string{"/*"}, []check{{"a", true}, {"a/b", true}}},
		{[]string{"**"}, []check{{"a", true}, {"a/b", true}}},
		{[]string{"a/**/"}, []check{{"a/b/", true}, {"a/b", true}, {"a/", true}}},
		{[]string{"*/"}, []check{{"a", false}, {"a/", true}, {"a/b/", true}}},
		{[]string{"a.b"}, []check{{"a.b", true}, {"axb", false}}},
		{[]string{"a+b(c)|{d}$^"}, []check{{"a+b(c)|{d}$^", true}}},
		{[]string{"!"}, []check{{"a", false}}},
		{[]string{"foo", "!"}, []check{{"foo", false}}},
		{[]string{"#x"}, []check{{"#x", false}}},
		{[]string{"x\\"}, []check{{"x\\", false}, {"x", false}}},
		{[]string{"x\\\\"}, []check{{"x\\", true}, {"x", false}}},
		{[]string{"a[/]b"}, []check{{"a/b", true}, {"a[/]b", false}}},
		{[]string{"\\[a]"}, []check{{"[a]", true}, {"a", false}}},
		{[]string{"a[b\\]c]"}, []check{{"ab", false}, {"a]", false}, {"abc]", false}}},
		{[]string{"doc/**/*.md"}, []check{{"doc/a.md", true}, {"doc/x/y/a.md", true}, {"doc/a.txt", false}}},
		{[]string{"*.tmp.md", "!keep.tmp.md"}, []check{{"drop.tmp.md", true}, {"keep.tmp.md", false}}},
		{[]string{"\u00c4"}, []check{{"\u00e4", true}, {"\u00c4", true}}},
	}
	for _, tt := range tests {
		m := New()
		m.Add(tt.rules...)
		for _, c := range tt.checks {
			if got := m.Ignores(c.path); got != c.ignored {
				t.Errorf("rules %q: Ignores(%q) = %v, want %v", tt.rules, c.path, got, c.ignored)
			}
		}
	}
}
