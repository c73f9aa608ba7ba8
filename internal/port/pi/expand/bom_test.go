package expand

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/sources"
)

// A skill file with a BOM: pi 0.83.0 sees no frontmatter (the trim then
// drops the BOM); with StripBOM (pi 1.x) the frontmatter is stripped.
func TestSkillStripBOM(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "SKILL.md")
	if err := os.WriteFile(file, []byte("\uFEFF---\nname: s\ndescription: d\n---\nBody.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys := os.DirFS("/").(sources.FS)
	head := `<skill name="s" location="` + file + "\">\nReferences are relative to " + dir + ".\n\n"
	for _, tc := range []struct {
		strip bool
		want  string
	}{
		{false, head + "---\nname: s\ndescription: d\n---\nBody.\n</skill>"},
		{true, head + "Body.\n</skill>"},
	} {
		got, _, err := Expand(context.Background(), fsys, "/skill:s", []Skill{{Name: "s", FilePath: file, StripBOM: tc.strip}}, nil)
		if err != nil || got != tc.want {
			t.Errorf("StripBOM %v: got %q (%v), want %q", tc.strip, got, err, tc.want)
		}
	}
}
