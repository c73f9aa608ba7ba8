package codexdocs

import (
	"reflect"
	"testing"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/testkit/oracletest"
)

func TestReadConfig(t *testing.T) {
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, map[string]string{
		"c.toml":      "model = \"x\" # a comment\nproject_doc_max_bytes = 1_000\nproject_doc_fallback_filenames = [\n  \"A.md\", # first\n  'B.md',\n]\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n[projects.'/q']\ntrust_level = \"untrusted\"\n",
		"bad.toml":    "project_root_markers = \"x\"\nproject_doc_max_bytes = -3\n",
		"broken.toml": "model = \"x\"\nproject_doc_max_bytes = = 3\n",
		"more.toml":   "project_doc_fallback_filenames = ['''A.md''', \"\"\"B.md\"\"\"]\nprojects.\"/r\".trust_level = \"trusted\"\n",
	})
	var ds diag.List
	s := readConfig(oracletest.DirFS(), root+"/c.toml", &ds)
	if s.maxBytes == nil || *s.maxBytes != 1000 || !reflect.DeepEqual(s.fallback, []string{"A.md", "B.md"}) || !reflect.DeepEqual(s.trusted, []string{"/p"}) || s.hasMk || len(ds) != 0 {
		t.Errorf("settings = %+v, diags %v", s, ds)
	}
	s = readConfig(oracletest.DirFS(), root+"/bad.toml", &ds)
	var got []string
	for _, d := range ds {
		got = append(got, d.String())
	}
	want := []string{
		root + "/bad.toml:1:24: promptc reads only part of config.toml: project_root_markers: \"x\" is not an array of strings",
		root + "/bad.toml:2:25: promptc reads only part of config.toml: project_doc_max_bytes = -3 is not a non-negative integer",
	}
	if s.hasMk || s.maxBytes != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("bad config: %+v\n got %q\nwant %q", s, got, want)
	}
	// Not TOML: one warning at the error, no settings.
	ds = nil
	s = readConfig(oracletest.DirFS(), root+"/broken.toml", &ds)
	if s.maxBytes != nil || len(ds) != 1 || ds[0].Pos.Line != 2 {
		t.Errorf("broken config: %+v, diags %v", s, ds)
	}
	// TOML a line scanner would misread: literal and multi-line strings,
	// a dotted key for a table.
	ds = nil
	s = readConfig(oracletest.DirFS(), root+"/more.toml", &ds)
	if !reflect.DeepEqual(s.trusted, []string{"/r"}) || !reflect.DeepEqual(s.fallback, []string{"A.md", "B.md"}) || len(ds) != 0 {
		t.Errorf("more config: %+v, diags %v", s, ds)
	}
}
