package glob

import (
	"reflect"
	"testing"
)

type check struct {
	path  string
	match bool
}

// TestMatchAgainstMinimatch pins results computed with the npm minimatch
// package 10.2.5: minimatch(path, pattern) with default options.
func TestMatchAgainstMinimatch(t *testing.T) {
	tests := []struct {
		pattern string
		checks  []check
	}{
		{"drop-me", []check{{"drop-me", true}, {"skills/drop-me", false}, {"drop-me/SKILL.md", false}}},
		{"wild-*", []check{{"wild-1", true}, {"wild-", true}, {"wild-1/x", false}, {".wild-1", false}, {"wild-2", true}}},
		{"skills/wild-*", []check{{"skills/wild-2", true}, {"skills/wild-2/SKILL.md", false}, {"wild-2", false}}},
		{"*", []check{{"a", true}, {"", false}, {".a", false}, {"a/b", false}, {"a/", true}}},
		{"**", []check{{"a", true}, {"a/b", true}, {".a", false}, {"a/.b", false}, {"", true}}},
		{"**/*.md", []check{{"x.md", true}, {"a/b/x.md", true}, {".h/x.md", false}, {"a/.x.md", false}, {"x.md/", true}}},
		{"a/**", []check{{"a", false}, {"a/b", true}, {"a/b/c", true}, {"a/.b", false}}},
		{"a/**/b", []check{{"a/b", true}, {"a/x/b", true}, {"a/x/y/b", true}, {"a/.x/b", false}}},
		{"a/**/b/**/c", []check{{"a/b/c", true}, {"a/x/b/y/c", true}, {"a/b/x/y/c", true}}},
		{"?.md", []check{{"a.md", true}, {"ab.md", false}, {".md", false}, {"..md", false}}},
		{"[ab]*", []check{{"a", true}, {"bcd", true}, {"c", false}, {".a", false}}},
		{"[!ab]*", []check{{"c", true}, {"a", false}, {"!", true}}},
		{"[^a]", []check{{"b", true}, {"a", false}, {"^", true}}},
		{"[[:digit:]]x", []check{{"1x", true}, {"ax", false}}},
		{"[z-a]", []check{{"a", false}, {"z", false}, {"[z-a]", false}}},
		{"[a", []check{{"[a", true}, {"a", false}}},
		{"\\*", []check{{"*", true}, {"a", false}}},
		{"*\\x", []check{{"ax", false}, {"a\\x", true}}},
		{"{a,b}/SKILL.md", []check{{"a/SKILL.md", true}, {"b/SKILL.md", true}, {"c/SKILL.md", false}}},
		{"{1..3}", []check{{"1", true}, {"2", true}, {"3", true}, {"4", false}}},
		{"{01..03}", []check{{"01", true}, {"1", false}}},
		{"{a..c}x", []check{{"bx", true}, {"dx", false}}},
		{"a{,b}", []check{{"a", true}, {"ab", true}}},
		{"${a,b}", []check{{"${a,b}", true}, {"a", false}}},
		{"{a},b}", []check{{"a}", true}, {"b", true}, {"{a},b}", false}}},
		{"!foo", []check{{"foo", false}, {"bar", true}}},
		{"!!foo", []check{{"foo", true}, {"bar", false}}},
		{"#foo", []check{{"#foo", false}}},
		{"", []check{{"", true}, {".", false}, {"a", false}}},
		{".*", []check{{".a", true}, {".", false}, {"..", false}}},
		{".?", []check{{".a", true}, {"..", false}}},
		{"a/../b", []check{{"b", true}, {"a/../b", false}}},
		{"/abs/*/SKILL.md", []check{{"/abs/x/SKILL.md", true}, {"abs/x/SKILL.md", false}, {"/abs/.x/SKILL.md", false}}},
		{"../x/*", []check{{"../x/y", true}, {"../x/.y", false}}},
		{"*/", []check{{"a/", true}, {"a", false}}},
		{"a//b", []check{{"a/b", true}, {"a//b", true}}},
	}
	for _, tt := range tests {
		p := Compile(tt.pattern)
		for _, c := range tt.checks {
			if got := p.Match(c.path); got != c.match {
				t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, c.path, got, c.match)
			}
		}
	}
}

// TestBraceExpand pins minimatch.braceExpand (brace-expansion 5.1.0).
func TestBraceExpand(t *testing.T) {
	tests := []struct {
		pattern string
		want    []string
	}{
		{"{a,b}/SKILL.md", []string{"a/SKILL.md", "b/SKILL.md"}},
		{"{1..3}", []string{"1", "2", "3"}},
		{"{01..03}", []string{"01", "02", "03"}},
		{"{a..c}x", []string{"ax", "bx", "cx"}},
		{"a{,b}", []string{"a", "ab"}},
		{"{a},b}", []string{"a}", "b"}},
		{"${a,b}", []string{"${a,b}"}},
		{"{a,{b,c}}d", []string{"ad", "bd", "cd"}},
		{"{{a,b}}", []string{"{a}", "{b}"}},
		{"a{b}c", []string{"a{b}c"}},
		{"\\{a,b\\}", []string{"{a,b}"}},
		{"{a,b}{c,d}", []string{"ac", "ad", "bc", "bd"}},
		{"{-1..1}", []string{"-1", "0", "1"}},
		{"{1..10..3}", []string{"1", "4", "7", "10"}},
		{"{x..z..2}", []string{"x", "z"}},
		{"{,a}", []string{"a"}},
		{"{a,}x", []string{"ax", "x"}},
		{"{}a,b}", []string{"{}a,b}"}},
		{"a{1..3}b{x,y}", []string{"a1bx", "a1by", "a2bx", "a2by", "a3bx", "a3by"}},
		{"{a\\,b,c}", []string{"a,b", "c"}},
		{"{5..1}", []string{"5", "4", "3", "2", "1"}},
		{"{-05..5..5}", []string{"-05", "000", "005"}},
		{"a{b,c", []string{"a{b,c"}},
	}
	for _, tt := range tests {
		if got := braceExpand(tt.pattern); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("braceExpand(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}

func TestString(t *testing.T) {
	if got := Compile("!a/*").String(); got != "!a/*" {
		t.Errorf("String() = %q", got)
	}
	if !Match("a/*", "a/b") || Match("a/*", "b/b") {
		t.Errorf("Match helper disagrees with Compile")
	}
}
