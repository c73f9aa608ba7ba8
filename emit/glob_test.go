package emit

import (
	"strings"
	"testing"
)

func TestDirPrefix(t *testing.T) {
	for p, want := range map[string]string{
		"src/api/**": "src/api", "src/api/**/*": "src/api", "src/api/": "src/api",
		"src/**/*.ts": "", "**/*.go": "", "src/a*/**": "", "src/api": "", "src/{a,b}/**": "",
	} {
		got, ok := dirPrefix(p)
		if got != want || ok != (want != "") {
			t.Errorf("dirPrefix(%q) = %q, %v; want %q", p, got, ok, want)
		}
	}
}

func TestCheckPattern(t *testing.T) {
	for _, p := range []string{"src/**", "**/*.ts", "src/{a,b}/**", "docs/*.md"} {
		if err := checkPattern(p); err != nil {
			t.Errorf("checkPattern(%q) = %v, want nil", p, err)
		}
	}
	for _, p := range []string{"", "/src/**", "!src/**", "../x/**", "src/./a", `src\a`, "a\nb", `"a"`} {
		if checkPattern(p) == nil {
			t.Errorf("checkPattern(%q) = nil, want an error", p)
		}
	}
}

// TestUnifiedDiff: a change in the middle of a file is one hunk with three
// lines of context; a missing final newline is marked as diff -u marks it.
func TestUnifiedDiff(t *testing.T) {
	old := "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
	new := "1\n2\n3\n4\nFIVE\n6\n7\n8\n9"
	var b strings.Builder
	if err := writeUnified(&b, "f.md", old, new, true, true); err != nil {
		t.Fatal(err)
	}
	want := "--- a/f.md\n+++ b/f.md\n@@ -2,8 +2,8 @@\n 2\n 3\n 4\n-5\n+FIVE\n 6\n 7\n 8\n-9\n+9\n\\ No newline at end of file\n"
	if b.String() != want {
		t.Errorf("diff:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := writeUnified(&b, "n.md", "", "a\n", false, true); err != nil {
		t.Fatal(err)
	}
	if want := "--- /dev/null\n+++ b/n.md\n@@ -0,0 +1 @@\n+a\n"; b.String() != want {
		t.Errorf("new file diff %q, want %q", b.String(), want)
	}
}

// TestComposeLayers: a higher layer overrides a section's text, adds
// sections after the lower ones, and may disable a section that is
// neither locked nor required.
func TestComposeLayers(t *testing.T) {
	src, diags := Compose([]LayerFile{
		{Name: "sys.yaml", Role: RoleSystem, Data: []byte("sections:\n  a: {template: A}\n  b: {template: B}\n  c: {template: C}\n")},
		{Name: "proj.yaml", Role: RoleProject, Data: []byte("targets: [claude]\nsections:\n  a: {template: A2, applies_to: [x/**]}\n  b: {disabled: true}\n  d: {template: D}\n")},
	})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	var got []string
	for _, r := range src.Rules {
		got = append(got, r.ID+"="+strings.TrimSpace(r.Text)+":"+strings.Join(r.AppliesTo, ",")+"@"+r.Layer)
	}
	want := "a=A2:x/**@proj.yaml c=C:@sys.yaml d=D:@proj.yaml"
	if strings.Join(got, " ") != want || strings.Join(src.Targets, ",") != "claude" {
		t.Errorf("rules %s, targets %v; want %s, [claude]", strings.Join(got, " "), src.Targets, want)
	}
}
