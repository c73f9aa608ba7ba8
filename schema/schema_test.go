package schema

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		doc  map[string]any
		want string
	}{
		{"ok", map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"a": map[string]any{"template": "t"}}}, ""},
		{"unknown key", map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"a": map[string]any{"template": "t", "wen": "x"}}},
			`/sections/a/wen key: unknown key "wen"`},
		{"missing", map[string]any{"promptc": int64(1), "name": "x"}, `: missing required key "sections"`},
		{"bad version", map[string]any{"promptc": int64(2), "name": "x", "sections": map[string]any{"a": map[string]any{"template": "t"}}}, `/promptc: unsupported pipeline format version (this promptc reads promptc: 1)`},
		{"bad id", map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"A-b": map[string]any{"template": "t"}}},
			`/sections/A-b key: invalid name: must match ^[a-z][a-z0-9_]*$ (lowercase letters, digits, underscores)`},
		{"bad type", map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"a": map[string]any{"template": int64(3)}}},
			`/sections/a/template: expected string, got number`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs, err := Validate(tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, v := range vs {
				where := v.Pointer
				if v.AtKey {
					where += " key"
				}
				lines = append(lines, where+": "+v.Message)
			}
			if got := strings.Join(lines, "\n"); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestAllowed: the keys at a place come from the schema, through its
// references ($ref to a definition, a map's additionalProperties, a list's
// items).
func TestAllowed(t *testing.T) {
	tests := []struct{ pointer, want string }{
		{"/nme", "budget,default_pipeline,description,exec_request,expand,explain,extends,fallback,for,frame,join,name,on_failure,params,pipeline,promptc,resources,roots,seam,sections,sources,tools,transforms"},
		{"/sources/notes/rnak", "args,budget,confine,doc,imports,kind,rank,trust,with"},
		{"/params/cwd/bind/0/flg", "env,flag,help,host,metavar,path,relative_to,repeat,require,short,split,text_or_file,value"},
		{"/transforms/2/exec/cmd", "command,max_output,timeout"},
		{"/sections/a/with/x", ""},    // no such place
		{"/sources/notes/with/x", ""}, // free-form options
	}
	for _, tc := range tests {
		if got := strings.Join(Allowed(tc.pointer), ","); got != tc.want {
			t.Errorf("Allowed(%s) = %s, want %s", tc.pointer, got, tc.want)
		}
	}
}

// TestEveryUnknownKey: an object with several unknown keys gives one
// violation each, not only the first.
func TestEveryUnknownKey(t *testing.T) {
	doc := map[string]any{"promptc": int64(1), "name": "x", "sections": map[string]any{"a": map[string]any{"template": "t", "ordr": int64(1), "rnak": "x", "wen": "y"}}}
	vs, err := Validate(doc)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range vs {
		got = append(got, v.Unknown)
	}
	if strings.Join(got, ",") != "ordr,rnak,wen" {
		t.Errorf("unknown keys reported: %v, want ordr, rnak, wen", got)
	}
}
