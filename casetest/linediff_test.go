package casetest

import (
	"strings"
	"testing"
)

// TestDiffLines: the ops cover both sides in order, and every kind of
// change is found.
func TestDiffLines(t *testing.T) {
	tests := []struct {
		name, old, new, want string
	}{
		{"same", "a\nb", "a\nb", "=a =b"},
		{"append", "a\nb", "a\nb\nc", "=a =b +c"},
		{"prepend", "a", "x\na", "+x =a"},
		{"remove", "a\nb\nc", "a\nc", "=a -b =c"},
		{"from empty", "", "a", "+a"},
		{"to empty", "a\nb", "", "-a -b"},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11", "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\nY", "=1 -2 +X =3 =4 =5 =6 =7 =8 =9 =10 -11 +Y"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ops := diffLines(tc.old, tc.new)
			var got []string
			oi, ni := 0, 0
			for _, op := range ops {
				k := string(op.kind)
				if k == " " {
					k = "="
				}
				got = append(got, k+strings.TrimSuffix(op.text, "\n"))
				if op.kind != '+' {
					if op.old != oi {
						t.Errorf("op %q: old %d; want %d", op.text, op.old, oi)
					}
					oi++
				}
				if op.kind != '-' {
					if op.new != ni {
						t.Errorf("op %q: new %d; want %d", op.text, op.new, ni)
					}
					ni++
				}
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("ops = %s; want %s", g, tc.want)
			}
		})
	}
}
