package geminimemory

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/sources"
)

// TestImportFanOut: six GEMINI.md/next.md files of 1,000 lines, each line
// importing the next file down, made one Load inline about 10^12 texts
// (39 s and 3.4 GB, then the 64 MiB render limit, exit 1). A Load inlines
// at most MaxImportBytes and resolves at most MaxImports imports, each
// file read once: past a bound the rest stay as written, with one warning.
func TestImportFanOut(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		text       int // the loaded text's size, the project dir written $P
		warning    string
		inlined    int // "<!-- Imported from" markers
		failed     int // "<!-- Import failed" markers
	}{
		{"bytes", "@a/next.md", 4226002, "$P/a/a/a/a/next.md: @a/next.md: imports inline more than 4194304 bytes; the rest are not inlined", 381, 0},
		{"count", "@a/missing.md", 105999, "$P/GEMINI.md: @a/missing.md: more than 1000 imports; the rest are not inlined", 0, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			proj := filepath.Join(root, "proj")
			text := []byte(strings.Repeat(tc.line+"\n", 1000))
			dir, name := proj, "GEMINI.md"
			for range 6 {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
					t.Fatal(err)
				}
				dir, name = filepath.Join(dir, "a"), "next.md"
			}
			if tc.name == "count" { // one file of 1,500 failing imports
				if err := os.WriteFile(filepath.Join(proj, "GEMINI.md"), []byte(strings.Repeat(tc.line+"\n", 1500)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			start := time.Now()
			res, diags, err := Load(ctx, sources.OSFS(), Options{Cwd: proj, Home: filepath.Join(root, "home")})
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 20*time.Second {
				t.Errorf("Load took %v", took)
			}
			if len(diags) != 1 || strings.ReplaceAll(diags[0].Message, proj, "$P") != tc.warning {
				t.Fatalf("diagnostics %v, want one: %s", diags, tc.warning)
			}
			if len(res.Project) != 1 {
				t.Fatalf("%d project files, want 1", len(res.Project))
			}
			got := strings.ReplaceAll(res.Project[0].Text, proj, "$P")
			if len(got) != tc.text || strings.Count(got, "<!-- Imported from") != tc.inlined || strings.Count(got, "<!-- Import failed") != tc.failed {
				t.Errorf("text of %d bytes, %d inlined, %d failed; want %d, %d, %d", len(got), strings.Count(got, "<!-- Imported from"), strings.Count(got, "<!-- Import failed"), tc.text, tc.inlined, tc.failed)
			}
		})
	}
}
