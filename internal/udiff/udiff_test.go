package udiff

import (
	"strings"
	"testing"
)

// TestWrite: the unified diff of each kind of change, as diff -u prints it.
func TestWrite(t *testing.T) {
	tests := []struct{ name, old, new, want string }{
		{"new file", "", "a\nb\n", "@@ -0,0 +1,2 @@\n+a\n+b\n"},
		{"removed file", "a\n", "", "@@ -1 +0,0 @@\n-a\n"},
		{"same", "a\nb\n", "a\nb\n", ""},
		{"one line in the middle", "1\n2\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\nX\n6\n7\n8\n",
			"@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n"},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "X\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\nY\n",
			"@@ -1,4 +1,4 @@\n-1\n+X\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+Y\n"},
		{"no newline at the end", "a\nb", "a\nb\n", "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, "a/f", "b/f", Diff(Lines(tc.old), Lines(tc.new))); err != nil {
				t.Fatal(err)
			}
			if want := "--- a/f\n+++ b/f\n" + tc.want; b.String() != want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), want)
			}
		})
	}
}

// TestDiffCoversBothSides: every line of both texts is in the script, in
// order, with its index on each side.
func TestDiffCoversBothSides(t *testing.T) {
	a := Lines("x\ny\nz\ny\nw\n")
	b := Lines("y\nq\nz\nw\ny\n")
	oi, ni := 0, 0
	for _, o := range Diff(a, b) {
		if o.Kind != '+' {
			if o.Old != oi || a[oi] != o.Text {
				t.Fatalf("op %+v: want old line %d %q", o, oi, a[oi])
			}
			oi++
		}
		if o.Kind != '-' {
			if o.New != ni || b[ni] != o.Text {
				t.Fatalf("op %+v: want new line %d %q", o, ni, b[ni])
			}
			ni++
		}
	}
	if oi != len(a) || ni != len(b) {
		t.Errorf("covered %d of %d old and %d of %d new lines", oi, len(a), ni, len(b))
	}
}
