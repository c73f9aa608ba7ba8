package frontmatter

import "testing"

// BenchmarkParseYAML parses a skill's front matter: one the fast path
// takes with plain scalars, one with a folded description.
func BenchmarkParseYAML(b *testing.B) {
	for _, c := range []struct{ name, src string }{
		{"plain", "name: validate-version-editor\ndescription: Run repo memory files. Call input batch patch test state config fetch page."},
		{"folded", "name: validate-version-editor\ndescription: >\n  Run repo memory files. Call input batch patch test state config fetch page.\n  Input daemon request script cli module auth job config tenant."},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := parseYAML(c.src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
