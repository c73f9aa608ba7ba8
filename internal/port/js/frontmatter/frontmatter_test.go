package frontmatter

import (
	"errors"
	"math"
	"reflect"
	"testing"
)

func TestParseSplit(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		data   map[string]any
		body   string
		hasFM  bool
		errMsg string
	}{
		{name: "no frontmatter keeps body untrimmed", text: "# Just markdown\n\nNo frontmatter at all.\n",
			data: map[string]any{}, body: "# Just markdown\n\nNo frontmatter at all.\n"},
		{name: "no frontmatter normalizes CRLF and CR", text: "\r\nPlain CRLF $1\r\nsecond\r\rx",
			data: map[string]any{}, body: "\nPlain CRLF $1\nsecond\n\nx"},
		{name: "simple", text: "---\nname: valid\ndescription: A valid skill.\n---\nSkill body.\n",
			data: map[string]any{"name": "valid", "description": "A valid skill."}, body: "Skill body.", hasFM: true},
		{name: "CRLF frontmatter", text: "---\r\nname: crlf\r\ndescription: CRLF frontmatter.\r\n---\r\nBody\r\n",
			data: map[string]any{"name": "crlf", "description": "CRLF frontmatter."}, body: "Body", hasFM: true},
		{name: "BOM before dashes means no frontmatter", text: "\ufeff---\nname: bom\ndescription: BOM.\n---\n",
			data: map[string]any{}, body: "\ufeff---\nname: bom\ndescription: BOM.\n---\n"},
		{name: "leading blank line means no frontmatter", text: "\n---\nname: x\n---\n",
			data: map[string]any{}, body: "\n---\nname: x\n---\n"},
		{name: "four dashes open, closing line with trailing text",
			text: "----\nname: dashes\ndescription: Opening line is four dashes.\n---- trailing text on the closing line\nBody\n",
			data: map[string]any{"name": "dashes", "description": "Opening line is four dashes."},
			body: "- trailing text on the closing line\nBody", hasFM: true},
		{name: "opening ---x", text: "---x\nname: prefix\ndescription: Opening line is ---x.\n---\n",
			data: map[string]any{"name": "prefix", "description": "Opening line is ---x."}, body: "", hasFM: true},
		{name: "empty block (closing found at index 3)", text: "---\n---\nFirst body line\n",
			data: map[string]any{}, body: "First body line", hasFM: true},
		{name: "unterminated", text: "---\nname: unterminated\ndescription: never closed\n",
			data: map[string]any{}, body: "---\nname: unterminated\ndescription: never closed\n"},
		{name: "only dashes", text: "---", data: map[string]any{}, body: "---"},
		{name: "null document", text: "---\n~\n---\nb", data: map[string]any{}, body: "b", hasFM: true},
		{name: "comment-only document", text: "---\n# c\n---\n b \n", data: map[string]any{}, body: "b", hasFM: true},
		{name: "scalar document gives empty map", text: "---\nhello\n---\nb", data: map[string]any{}, body: "b", hasFM: true},
		{name: "sequence document gives empty map", text: "---\n- a\n---\nb", data: map[string]any{}, body: "b", hasFM: true},
		{name: "body JS-trimmed (U+FEFF, NBSP) only with frontmatter", text: "---\na: 1\n---\n\u00a0\ufeff body \u3000\n",
			data: map[string]any{"a": int64(1)}, body: "body", hasFM: true},
		{name: "U+0085 is not JS white space", text: "---\na: 1\n---\n\u0085body\u0085",
			data: map[string]any{"a": int64(1)}, body: "\u0085body\u0085", hasFM: true},
		{name: "described template", text: "---\ndescription: From frontmatter\nargument-hint: <file>\n---\n\n\n  Body with surrounding blank lines $1  \n\n\n",
			data: map[string]any{"description": "From frontmatter", "argument-hint": "<file>"},
			body: "Body with surrounding blank lines $1", hasFM: true},
		{name: "multiline literal keeps newlines", text: "---\nname: multiline\ndescription: |\n  Line one.\n  Line two.\n---\nBody\n",
			data: map[string]any{"name": "multiline", "description": "Line one.\nLine two.\n"}, body: "Body", hasFM: true},
		{name: "folded", text: "---\nname: folded\ndescription: >\n  Folded one\n  folded two\n---\nBody\n",
			data: map[string]any{"name": "folded", "description": "Folded one folded two\n"}, body: "Body", hasFM: true},
		{name: "quoted", text: "---\nname: 'quoted'\ndescription: \"Quoted: with colon\"\n---\n",
			data: map[string]any{"name": "quoted", "description": "Quoted: with colon"}, body: "", hasFM: true},
		{name: "core schema typing",
			text: "---\na: yes\nb: on\nc: true\nd: \"true\"\ne: 42\nf: 012\ng: 0o17\nh: 0x1F\ni: 1.5\nj: .inf\nk: ~\nl:\nm: null\nn: False\no: 1e3\np: 0b11\nq: y\nr: -7\n---\n",
			data: map[string]any{"a": "yes", "b": "on", "c": true, "d": "true", "e": int64(42), "f": int64(12),
				"g": int64(15), "h": int64(31), "i": 1.5, "j": math.Inf(1), "k": nil, "l": nil, "m": nil, "n": false,
				"o": 1000.0, "p": "0b11", "q": "y", "r": int64(-7)}, body: "", hasFM: true},
		{name: "nested", text: "---\nm:\n  x: [1, two]\n  y: {z: ok}\n---\n",
			data: map[string]any{"m": map[string]any{"x": []any{int64(1), "two"}, "y": map[string]any{"z": "ok"}}}, hasFM: true},
		{name: "non-string keys become JS property names", text: "---\n1: a\ntrue: b\n~: c\n1.50: d\n---\n",
			data: map[string]any{"1": "a", "true": "b", "": "c", "1.5": "d"}, hasFM: true},
		{name: "explicit tags", text: "---\na: !!str 12\nb: !custom 5\nc: !!int \"7\"\n---\n",
			data: map[string]any{"a": "12", "b": "5", "c": int64(7)}, hasFM: true},
		{name: "alias", text: "---\na: &x hi\nb: *x\n---\n", data: map[string]any{"a": "hi", "b": "hi"}, hasFM: true},
		{name: "merge key is a plain key in YAML 1.2", text: "---\nb: &x {k: 1}\nc:\n  <<: *x\n---\n",
			data: map[string]any{"b": map[string]any{"k": int64(1)}, "c": map[string]any{"<<": map[string]any{"k": int64(1)}}}, hasFM: true},
		{name: "nested mapping error", text: "---\nname: colon-desc\ndescription: Use this: when needed\n---\nBody\n",
			data: map[string]any{}, body: "Body", hasFM: true,
			errMsg: "Nested mappings are not allowed in compact mappings at line 2, column 14:\n\ndescription: Use this: when needed\n             ^\n"},
		{name: "unclosed flow sequence", text: "---\nname: bad-yaml\ndescription: [unclosed\n---\nBody\n",
			data: map[string]any{}, body: "Body", hasFM: true,
			errMsg: "Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 23:\n\ndescription: [unclosed\n                      ^\n"},
		{name: "unclosed flow in template", text: "---\ndescription: [unclosed\n---\nnever loaded\n",
			data: map[string]any{}, body: "never loaded", hasFM: true,
			errMsg: "Flow sequence in block collection must be sufficiently indented and end with a ] at line 1, column 23:\n\ndescription: [unclosed\n                      ^\n"},
		{name: "duplicate key", text: "---\na: 1\na: 2\n---\n", data: map[string]any{}, hasFM: true,
			errMsg: "Map keys must be unique at line 2, column 1:\n\na: 1\na: 2\n^\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(tt.text)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if gotErr != tt.errMsg {
				t.Errorf("error = %q, want %q", gotErr, tt.errMsg)
			}
			if doc.Body != tt.body {
				t.Errorf("Body = %q, want %q", doc.Body, tt.body)
			}
			if doc.HasFrontmatter != tt.hasFM {
				t.Errorf("HasFrontmatter = %v, want %v", doc.HasFrontmatter, tt.hasFM)
			}
			if !reflect.DeepEqual(doc.Data, tt.data) {
				t.Errorf("Data = %#v, want %#v", doc.Data, tt.data)
			}
		})
	}
}

// TestNPMErrors checks every recorded npm yaml error message (see
// npm_errors_test.go) against the YAML block parser.
func TestNPMErrors(t *testing.T) {
	for _, tt := range npmYAMLErrors {
		_, err := parseYAML(tt.src)
		if err == nil {
			t.Errorf("parseYAML(%q): no error, want %q", tt.src, tt.err)
			continue
		}
		if err.Error() != tt.err {
			t.Errorf("parseYAML(%q)\n got %q\nwant %q", tt.src, err.Error(), tt.err)
		}
	}
}

func TestYAMLErrorFields(t *testing.T) {
	_, err := Parse("---\nname: colon-desc\ndescription: Use this: when needed\n---\nBody\n")
	var ye *YAMLError
	if !errors.As(err, &ye) {
		t.Fatalf("error %T, want *YAMLError", err)
	}
	if ye.Reason != "Nested mappings are not allowed in compact mappings" || ye.Line != 2 || ye.Column != 14 {
		t.Errorf("got %+v", *ye)
	}
}
