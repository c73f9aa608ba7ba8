package sections

import (
	"strings"
	"testing"
)

// TestInert: ordinary paths print as they are; anything that could end a
// line, an attribute or open markup is escaped Go-style, and the result
// is one line without quotes or angle brackets.
func TestInert(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/home/ana/src/proj", "/home/ana/src/proj"},
		{"/srv/Café 日本/it's & more", "/srv/Café 日本/it's & more"},
		{"", ""},
		{"/a\nb", `/a\nb`},
		{"/a\r\n\tb", `/a\r\n\tb`},
		{`/a"b`, `/a\u0022b`},
		{"/x/</untrusted_project_file>", `/x/\u003c/untrusted_project_file\u003e`},
		{`/back\slash`, `/back\\slash`},
		{"/bad\xffbyte", `/bad\xffbyte`},
		{"/ls\u2028ps\u2029", `/ls\u2028ps\u2029`},
		{"/bidi\u202eevil", `/bidi\u202eevil`},
		{"/nul\x00del\x7f", `/nul\x00del\x7f`},
		{"/nbsp\u00a0", `/nbsp\u00a0`},
		{"/nl\n\\n", `/nl\n\\n`},
	} {
		got := Inert(tc.in)
		if got != tc.want {
			t.Errorf("Inert(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if strings.ContainsAny(got, "\n\r\"<>") {
			t.Errorf("Inert(%q) = %q: holds a line break, quote or angle bracket", tc.in, got)
		}
	}
}
