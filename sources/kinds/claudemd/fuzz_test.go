package claudemd

import "testing"

// FuzzProcess: the Markdown scanner and the import finder never panic,
// and removing comments never adds bytes. `go test -fuzz FuzzProcess`
// fuzzes for real; go test runs the seeds.
func FuzzProcess(f *testing.F) {
	for _, s := range []string{"", "<!--", "<!-- -->", "```", "    @a", "`", "``a`", "@", "@~/", "---\n---\n", "a\r\n<!--\r\n-->\r\n\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, body := frontmatter(s)
		out, runs := process(body)
		if len(out) > len(body) {
			t.Fatalf("process grew %q to %q", body, out)
		}
		importPaths(runs, "/d", "/h")
		_ = maskCodeSpans(s)
	})
}
