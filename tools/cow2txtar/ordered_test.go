package main

import "testing"

func TestDecodeOrderedDumps(t *testing.T) {
	in := `{"z": 1, "a": [true, null, "x<y>&\u00e9"], "m": {"b": {}, "a": []}, "z": 2.50}`
	v, err := decodeOrdered([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	got, err := dumps(v)
	if err != nil {
		t.Fatal(err)
	}
	// json.dumps(json.loads(in), ensure_ascii=False, indent=2) + "\n"
	want := "{\n  \"z\": 2.5,\n  \"a\": [\n    true,\n    null,\n    \"x<y>&é\"\n  ],\n  \"m\": {\n    \"b\": {},\n    \"a\": []\n  }\n}\n"
	if string(got) != want {
		t.Errorf("dumps = %q\nwant    %q", got, want)
	}
	for _, bad := range []string{`{"a": 1} x`, `{"a": }`, `[1,`} {
		if _, err := decodeOrdered([]byte(bad)); err == nil {
			t.Errorf("decodeOrdered(%q): no error", bad)
		}
	}
}
