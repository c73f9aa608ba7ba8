package opencodeinstr

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
)

// TestGlobOrder: opencode's scanner order (OC-6): breadth first, the
// files of a directory before those below it, each directory's entries
// in the reverse of the file system's listing order.
func TestGlobOrder(t *testing.T) {
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, map[string]string{
		"r/x/deep/d.md": "", "r/x/e.md": "", "r/y.md": "", "r/y.txt": "", "r/.dot/f.md": "",
		"l/zeta.md": "", "l/beta.md": "", "l/Alpha.md": "", "l/mid.md": "", "l/sub/no.md": "",
	})
	rel := func(ps []string) []string {
		out := []string{}
		for _, p := range ps {
			out = append(out, strings.TrimPrefix(p, root+"/"))
		}
		return out
	}
	// one file per directory: the order is the depth, whatever the listing
	got := rel(globOrder(oracletest.DirFS(), root+"/r", "**/*.md"))
	slices.Sort(got[1:3]) // x/ and .dot/ are both at depth 2
	if want := []string{"r/y.md", "r/.dot/f.md", "r/x/e.md", "r/x/deep/d.md"}; !reflect.DeepEqual(got, want) {
		t.Errorf("**/*.md: got %q, want %q", got, want)
	}
	// several files in one directory: the reverse of its listing
	want := []string{}
	for _, e := range slices.Backward(oracletest.Listing(t, root+"/l")) {
		if !e.IsDir() {
			want = append(want, "l/"+e.Name())
		}
	}
	if got := rel(globOrder(oracletest.DirFS(), root, "l/*.md")); !reflect.DeepEqual(got, want) {
		t.Errorf("l/*.md: got %q, want the reverse listing %q", got, want)
	}
	// a literal pattern is one path, a file only
	if got := rel(globOrder(oracletest.DirFS(), root, "l/sub/no.md")); !reflect.DeepEqual(got, []string{"l/sub/no.md"}) {
		t.Errorf("literal: got %q", got)
	}
	if got := globOrder(oracletest.DirFS(), root, "l/sub"); len(got) != 0 {
		t.Errorf("a directory matched: %q", got)
	}
}
