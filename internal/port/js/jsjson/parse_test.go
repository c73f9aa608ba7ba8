package jsjson

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// canon prints a value the way testdata/gen.mjs prints V8's.
func canon(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprint(x)
	case float64:
		return "n:" + jsstr.Number(x)
	case string:
		b, _ := json.Marshal(x)
		return "s:" + string(b)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = canon(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			kb, _ := json.Marshal(k)
			parts[i] = string(kb) + ":" + canon(x[k])
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return fmt.Sprintf("?%T", v)
}

// TestV8 compares Parse with what V8 (Node 22) gave for the same inputs,
// recorded in testdata/v8.json by testdata/gen.mjs.
func TestV8(t *testing.T) {
	b, err := os.ReadFile("testdata/v8.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Src, Ok, Err string }
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, c := range cases {
		v, err := Parse(c.Src)
		got, want := "", c.Ok
		if err != nil {
			got = "error: " + err.Error()
		} else {
			got = canon(v)
		}
		if c.Err != "" {
			want = "error: " + c.Err
		}
		if got != want {
			bad++
			if bad <= 20 {
				t.Errorf("Parse(%q)\n got %s\nwant %s", c.Src, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d differ", bad, len(cases))
	}
}

// TestDeepNesting: nesting as deep as the input allows (V8 has no limit
// either), without using the Go stack.
func TestDeepNesting(t *testing.T) {
	const depth = 200000
	v, err := Parse(strings.Repeat(`{"a":[`, depth) + "1e400" + strings.Repeat("]}", depth))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < depth; i++ {
		v = v.(map[string]any)["a"].([]any)[0]
	}
	if f, ok := v.(float64); !ok || !math.IsInf(f, 1) {
		t.Errorf("innermost = %v, want +Inf", v)
	}
	if _, err := Parse(strings.Repeat("[", 300000)); err == nil || err.Error() != "Unexpected end of JSON input" {
		t.Errorf("unclosed: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "{}", `{"a":[1,2,{"b":null}]}`, "1e400", `"\ud800"`, "[[[", `{"a":1,}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v1, err1 := Parse(s)
		v2, err2 := Parse(s)
		if (err1 == nil) != (err2 == nil) || err1 == nil && canon(v1) != canon(v2) {
			t.Fatalf("not deterministic")
		}
		if err1 != nil && err1.Error() == "" {
			t.Fatalf("empty error")
		}
	})
}
