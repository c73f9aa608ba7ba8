package promptfile_test

import (
	"context"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources/kinds/promptfile"
)

// strip_bom (pi 1.x) drops a leading BOM from a discovered file and from a
// file a flag names; pi 0.83.0 keeps it.
func TestStripBOM(t *testing.T) {
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, map[string]string{"SYSTEM.md": "\uFEFFbody\uFEFF", "flag.md": "\uFEFFflag"})
	for _, tc := range []struct {
		name string
		opts promptfile.Options
		want string
	}{
		{"discovered, kept", promptfile.Options{Candidates: []string{root + "/SYSTEM.md"}}, "\uFEFFbody\uFEFF"},
		{"discovered, stripped", promptfile.Options{Candidates: []string{root + "/SYSTEM.md"}, StripBOM: true}, "body\uFEFF"},
		{"flag file, kept", promptfile.Options{Given: true, Values: []string{"flag.md"}}, "\uFEFFflag"},
		{"flag file, stripped", promptfile.Options{Given: true, Values: []string{"flag.md"}, StripBOM: true}, "flag"},
		{"flag text is never touched", promptfile.Options{Given: true, Values: []string{"\uFEFFtext"}, StripBOM: true}, "\uFEFFtext"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Cwd = root
			res, err := promptfile.Load(context.Background(), oracletest.DirFS(), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Text != tc.want {
				t.Errorf("got %q, want %q", res.Text, tc.want)
			}
		})
	}
}
