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
		"c.toml":   "model = \"x\" # a comment\nproject_doc_max_bytes = 1_000\nproject_doc_fallback_filenames = [\n  \"A.md\", # first\n  'B.md',\n]\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n[projects.'/q']\ntrust_level = \"untrusted\"\n",
		"bad.toml": "project_root_markers = \"x\"\nproject_doc_max_bytes = -3\n",
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
		root + "/bad.toml:1:23: promptc reads only part of config.toml: project_root_markers: \"x\" is not an array of strings",
		root + "/bad.toml:2:24: promptc reads only part of config.toml: project_doc_max_bytes = -3 is not a non-negative integer",
	}
	if s.hasMk || s.maxBytes != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("bad config: %+v\n got %q\nwant %q", s, got, want)
	}
}
