package frontmatter

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"",
		"---",
		"---\n---\nFirst body line\n",
		"----\nname: dashes\n---- trailing\nBody\n",
		"---x\nname: prefix\n---\n",
		"\ufeff---\nname: bom\n---\n",
		"---\r\nname: crlf\r\ndescription: CRLF.\r\n---\r\nBody\r\n",
		"---\nname: colon-desc\ndescription: Use this: when needed\n---\nBody\n",
		"---\ndescription: [unclosed\n---\nnever loaded\n",
		"---\ndescription: |\n  Line one.\n  Line two.\n---\nBody\n",
		"---\na: &x [*x]\n---\n",
		"---\na: &a [1,2]\nb: &b [*a,*a]\nc: &c [*b,*b]\n---\n",
		"---\na: 1\na: 2\n---\n",
		"---😀\na: 1\n---\n",
		"# Just markdown\r\rtext",
		"---\n\ta: 1\n---\n",
		"---\nname: c\ndescription: \"dq \x0b\" \x01 \u0085\u2028\n---\n",
	} {
		f.Add(s)
	}
	for _, e := range npmYAMLErrors {
		f.Add("---\n" + e.src + "\n---\nbody")
	}
	f.Fuzz(func(t *testing.T, text string) {
		doc, err := Parse(text)
		if err != nil {
			var ye *YAMLError
			if !errors.As(err, &ye) {
				t.Fatalf("error %T is not a *YAMLError", err)
			}
			if !doc.HasFrontmatter {
				t.Fatalf("YAML error without frontmatter")
			}
		}
		if doc.Data == nil {
			t.Fatalf("nil Data")
		}
		if strings.Contains(doc.Body, "\r") {
			t.Fatalf("Body contains CR: %q", doc.Body)
		}
		norm := jsstr.NormalizeNewlines(text)
		if !doc.HasFrontmatter {
			if doc.Body != norm {
				t.Fatalf("Body = %q, want the normalized text %q", doc.Body, norm)
			}
			if len(doc.Data) != 0 {
				t.Fatalf("Data without frontmatter: %v", doc.Data)
			}
			// Idempotent: the body re-parses to itself.
			again, err2 := Parse(doc.Body)
			if err2 != nil || again.Body != doc.Body || again.HasFrontmatter {
				t.Fatalf("re-parse of body changed it")
			}
		} else if doc.Body != jsstr.Trim(doc.Body) {
			t.Fatalf("Body not trimmed: %q", doc.Body)
		}
		// Normalizing first changes nothing.
		doc2, err2 := Parse(norm)
		if doc2.Body != doc.Body || doc2.HasFrontmatter != doc.HasFrontmatter || (err == nil) != (err2 == nil) {
			t.Fatalf("Parse(normalized) differs")
		}
		if err == nil && !reflect.DeepEqual(doc.Data, doc2.Data) && !hasNaN(doc.Data) {
			t.Fatalf("Data differs after normalization")
		}
	})
}

// hasNaN reports whether v holds a NaN (which DeepEqual never equates).
func hasNaN(v any) bool {
	switch x := v.(type) {
	case float64:
		return x != x
	case map[string]any:
		for _, e := range x {
			if hasNaN(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasNaN(e) {
				return true
			}
		}
	}
	return false
}
