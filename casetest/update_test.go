package casetest

import (
	"testing"
)

// TestWithWant: only the want changes; a want that needs quoting gets an
// unquote line; a missing want is appended.
func TestWithWant(t *testing.T) {
	tests := []struct {
		name, file, want, out string
	}{
		{"replace", "doc\n-- args --\n -t  read \n-- want --\nold\n-- z --\nZ", "new\n",
			"doc\n-- args --\n -t  read \n-- want --\nnew\n-- z --\nZ"},
		{"last file without a final newline", "-- want --\nold", "new\n", "-- want --\nnew\n"},
		{"quoting, fs exists", "-- fs --\nmkdir d\n-- want --\nold\n", "-- x --\n",
			"-- fs --\nmkdir d\nunquote want\n-- want --\n>-- x --\n"},
		{"quoting, no fs", "doc\n-- want --\nold\n", "-- x --\n",
			"doc\n-- fs --\nunquote want\n-- want --\n>-- x --\n"},
		{"already quoted stays quoted", "-- fs --\nunquote want\n-- want --\n>old\n", "plain\n",
			"-- fs --\nunquote want\n-- want --\n>plain\n"},
		{"missing want", "doc\n-- a --\nA", "new\n", "doc\n-- a --\nA\n-- want --\nnew\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("c.txtar", "c", []byte(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.withWant([]byte(tc.want))
			if err != nil || string(got) != tc.out {
				t.Errorf("withWant = %q, %v; want %q", got, err, tc.out)
			}
			back, err := Parse("c.txtar", "c", got)
			if err != nil {
				t.Fatal(err)
			}
			if w, _ := back.Want(); string(w) != tc.want {
				t.Errorf("the rewritten file's want = %q; want %q", w, tc.want)
			}
		})
	}
}
