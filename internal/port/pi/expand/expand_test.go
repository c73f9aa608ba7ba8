package expand

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/sources"
)

// tree writes files (relative path -> content) under a temp dir and returns
// its absolute path and an FS rooted at "/".
func tree(t *testing.T, files map[string]string) (string, sources.FS) {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, os.DirFS("/").(sources.FS)
}

// TestSkillsAllHidden replays oracle case skills-all-hidden (CMD-1).
func TestSkillsAllHidden(t *testing.T) {
	root, fsys := tree(t, map[string]string{
		"skills/secret/SKILL.md": "---\nname: secret\ndescription: Only by explicit command.\ndisable-model-invocation: true\n---\n# Secret skill\n\nSee ./ref.md for details.\n",
	})
	file := root + "/skills/secret/SKILL.md"
	dir := root + "/skills/secret"
	skills := []Skill{{Name: "secret", FilePath: file}}
	block := "<skill name=\"secret\" location=\"" + file + "\">\nReferences are relative to " + dir + ".\n\n# Secret skill\n\nSee ./ref.md for details.\n</skill>"
	tests := []struct{ in, want string }{
		{"/skill:secret please run it", block + "\n\nplease run it"},
		{"/skill:secret", block},
		{"/skill:unknown x", "/skill:unknown x"},
		// args are JS-trimmed; empty args add nothing
		{"/skill:secret  \u00a0 spaced out\t\n", block + "\n\nspaced out"},
		{"/skill:secret ", block},
		// the name runs to the first ASCII space only
		{"/skill:secret\tx", "/skill:secret\tx"},
		{"/skill:secret\u00a0x", "/skill:secret\u00a0x"},
		// case-sensitive, position 0 only
		{"/skill:Secret", "/skill:Secret"},
		{" /skill:secret", " /skill:secret"},
		{"/skill:", "/skill:"},
	}
	for _, tt := range tests {
		got, diags, err := Expand(context.Background(), fsys, tt.in, skills, nil)
		if err != nil || len(diags) != 0 {
			t.Fatalf("Expand(%q): err=%v diags=%v", tt.in, err, diags)
		}
		if got != tt.want {
			t.Errorf("Expand(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestSkillBody(t *testing.T) {
	root, fsys := tree(t, map[string]string{
		"crlf/SKILL.md":    "---\r\nname: crlf\r\ndescription: d\r\n---\r\n\r\n  Body $1 line\r\n\r\n",
		"nofm/SKILL.md":    "\n\n  no frontmatter  \n\n",
		"bad/SKILL.md":     "---\nname: bad\ndescription: x\xff\xf0\x9f\x98\n---\nok \xed\xa0\x80\n",
		"special/SKILL.md": "---\nname: s\n---\n<b>&\"'</b>",
	})
	tests := []struct{ name, rel, in, want string }{
		{"crlf", "crlf", "/skill:crlf a", "\n\nBody $1 line\n</skill>\n\na"},
		{"body trimmed without frontmatter", "nofm", "/skill:nofm", "\n\nno frontmatter\n</skill>"},
		{"WHATWG decoding", "bad", "/skill:bad", "\n\nok \uFFFD\uFFFD\uFFFD\n</skill>"},
		{"no escaping", "special", "/skill:special <&>", "\n\n<b>&\"'</b>\n</skill>\n\n<&>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := root + "/" + tt.rel + "/SKILL.md"
			name := tt.in[len("/skill:"):]
			if i := indexSpace(name); i >= 0 {
				name = name[:i]
			}
			skills := []Skill{{Name: name, FilePath: file}}
			got, _, err := Expand(context.Background(), fsys, tt.in, skills, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := "<skill name=\"" + name + "\" location=\"" + file + "\">\nReferences are relative to " + root + "/" + tt.rel + "." + tt.want
			if got != want {
				t.Errorf("got  %q\nwant %q", got, want)
			}
		})
	}
}

func indexSpace(s string) int {
	for i := range len(s) {
		if s[i] == ' ' {
			return i
		}
	}
	return -1
}

func TestSkillUnreadable(t *testing.T) {
	root, fsys := tree(t, nil)
	file := root + "/gone/SKILL.md"
	got, diags, err := Expand(context.Background(), fsys, "/skill:gone now", []Skill{{Name: "gone", FilePath: file}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got != "/skill:gone now" {
		t.Errorf("got %q, want the line unchanged", got)
	}
	want := diag.List{{Severity: diag.Warning, Code: "skill/expand", Path: file,
		Message: "ENOENT: no such file or directory, open '" + file + "'"}}
	if len(diags) != 1 || diags[0] != want[0] {
		t.Errorf("diags = %#v, want %#v", diags, want)
	}
}

// TestTemplates replays oracle cases tpl-discovery and frontmatter-edges
// (TPL-E1..E3) and X-3, with template contents as the loader fills them.
func TestTemplates(t *testing.T) {
	templates := []Template{
		{Name: "dup", Content: "PROJECT dup: $@\n"},
		{Name: "a.b", Content: "dotted name $1\n"},
		{Name: "crlf-fm", Content: "Line1 $1\nLine2"},
		{Name: "crlf-plain", Content: "\nPlain CRLF $1\nsecond\n"},
		{Name: "described", Content: "Body with surrounding blank lines $1"},
		{Name: "firstline", Content: "\n\n   This first non-empty line is definitely longer than sixty characters in total.\nSecond line\n"},
		{Name: "dup", Content: "GLOBAL dup: $@\n"},
		{Name: "emptyfm", Content: "First body line"},
		{Name: "skill:x", Content: "template skill:x [$1]"},
		{Name: "t", Content: "[$1|$2]"},
	}
	tests := []struct{ in, want string }{
		{"/dup x y", "PROJECT dup: x y\n"},
		{"/described f.go", "Body with surrounding blank lines f.go"},
		{"/firstline", "\n\n   This first non-empty line is definitely longer than sixty characters in total.\nSecond line\n"},
		{"/nested", "/nested"},
		{"/unknown-template a", "/unknown-template a"},
		{"plain text /dup", "plain text /dup"},
		{"/a.b ok", "dotted name ok\n"},
		{"/crlf-fm A", "Line1 A\nLine2"},
		{"/crlf-plain B", "\nPlain CRLF B\nsecond\n"},
		{"/.hidden", "/.hidden"},
		{" /dup leading space", " /dup leading space"},
		{"/badyaml", "/badyaml"},
		{"/emptyfm", "First body line"},
		// JS \s after the name, args after the whole run
		{"/t\tx\ny", "[x|y]"},
		{"/t\u3000\u00a0a b", "[a|b]"},
		{"/t\u0085a", "/t\u0085a"},
		{"/t   ", "[|]"},
		{"/", "/"},
		{"/ t", "/ t"},
		{"/T", "/T"},
		// unknown skill falls through to templates
		{"/skill:x arg", "template skill:x [arg]"},
		{"/skill:y arg", "/skill:y arg"},
	}
	_, fsys := tree(t, nil)
	for _, tt := range tests {
		got, diags, err := Expand(context.Background(), fsys, tt.in, nil, templates)
		if err != nil || len(diags) != 0 {
			t.Fatalf("Expand(%q): err=%v diags=%v", tt.in, err, diags)
		}
		if got != tt.want {
			t.Errorf("Expand(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestSkillBeatsTemplate: a real skill x wins over a template "skill:x".
func TestSkillBeatsTemplate(t *testing.T) {
	root, fsys := tree(t, map[string]string{"x/SKILL.md": "---\nname: x\ndescription: d\n---\nX body"})
	file := root + "/x/SKILL.md"
	got, _, err := Expand(context.Background(), fsys, "/skill:x a", []Skill{{Name: "x", FilePath: file}},
		[]Template{{Name: "skill:x", Content: "template"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "<skill name=\"x\" location=\"" + file + "\">\nReferences are relative to " + root + "/x.\n\nX body\n</skill>\n\na"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, fsys := tree(t, nil)
	if _, _, err := Expand(ctx, fsys, "/x", nil, nil); err == nil {
		t.Fatal("want context error")
	}
}
