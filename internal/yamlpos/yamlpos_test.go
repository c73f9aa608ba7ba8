package yamlpos

import (
	"strings"
	"testing"
)

func TestParsePositionsAndTypes(t *testing.T) {
	m, ix, ds := Parse("p.yaml", []byte("a: yes\nb: [1, true, ~]\nc:\n  d/e: 2.5\n"))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if m["a"] != "yes" {
		t.Errorf("a = %#v, want the string yes (YAML 1.2)", m["a"])
	}
	b := m["b"].([]any)
	if b[0] != int64(1) || b[1] != true || b[2] != nil {
		t.Errorf("b = %#v", b)
	}
	for ptr, want := range map[string]string{"/b/1": "p.yaml:2:8", "/c/d~1e": "p.yaml:4:8", Key("/c/d~1e"): "p.yaml:4:3", "/zz/q": "p.yaml:1:1"} {
		if got := ix.Lookup(ptr).String(); got != want {
			t.Errorf("%s at %s, want %s", ptr, got, want)
		}
	}
}

func TestParseRejectsHostileAliases(t *testing.T) {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 12; i++ {
		b.WriteString("a" + string(rune('0'+i%10)) + string(rune('a'+i)) + ": &a" + string(rune('a'+i)) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			if i == 1 {
				b.WriteString("*a0")
			} else {
				b.WriteString("*a" + string(rune('a'+i-1)))
			}
		}
		b.WriteString("]\n")
	}
	_, _, ds := Parse("p.yaml", []byte(b.String()))
	if !ds.HasErrors() || !strings.Contains(ds.Error(), "too large") {
		t.Fatalf("want a size error, got %v", ds)
	}
	_, _, ds = Parse("p.yaml", []byte("&a [*a]"))
	if !ds.HasErrors() {
		t.Fatal("recursive alias accepted")
	}
}
