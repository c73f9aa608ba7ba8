package geminimemory

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources/osfs"
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
			root := oracletest.TempRoot(t)
			proj := filepath.Join(root, "proj")
			text := strings.Repeat(tc.line+"\n", 1000)
			tree := map[string]string{"proj/GEMINI.md": text}
			for depth := 1; depth < 6; depth++ {
				tree["proj/"+strings.Repeat("a/", depth)+"next.md"] = text
			}
			if tc.name == "count" { // one file of 1,500 failing imports
				tree["proj/GEMINI.md"] = strings.Repeat(tc.line+"\n", 1500)
			}
			oracletest.WriteTree(t, root, tree)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			start := time.Now()
			res, diags, err := Load(ctx, osfs.Root(), Options{Cwd: proj, Home: filepath.Join(root, "home")})
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
