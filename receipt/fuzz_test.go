package receipt

import (
	"errors"
	"testing"
)

// FuzzReceipt feeds the verifier's parser arbitrary bytes: it never
// panics, every refusal is a *BadError whose problems are positioned
// within the file, and a receipt it accepts encodes and parses back to
// the same bytes.
func FuzzReceipt(f *testing.F) {
	valid := `{"receipt":1,"promptc_version":"v","pipeline":{"name":"p"},"request":{},"params":{"n":1.5,"m":{"x":[1,"a"]}},` +
		`"layers":[{"path":"p.yaml","role":"base","status":"applied","sha256":"` + Sum(nil) + `"}],"files":[],` +
		`"prompt":{"sha256":"` + Sum(nil) + `","bytes":0,"tokens":0,"tokenizer":"o200k_base","estimate":0},"sections":[],` +
		`"policy":{"on_failure":"fallback","sections":[]}}`
	for _, s := range []string{valid, "", "{", "[]", `{"receipt":2}`, "{}\n{}", "\xff", `{"receipt":1,"x":}`, "{\n\t\"a\": 1,\n}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse("f.json", data)
		if err != nil {
			var bad *BadError
			if !errors.As(err, &bad) {
				t.Fatalf("a refusal that is not a *BadError: %v", err)
			}
			lines := 1
			for _, b := range data {
				if b == '\n' {
					lines++
				}
			}
			for _, p := range bad.Problems {
				if p.Pos.File != "f.json" || p.Pos.Line > lines || p.Message == "" {
					t.Fatalf("a problem outside the file (%d lines): %s", lines, p)
				}
			}
			return
		}
		a, err := r.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse("f.json", a)
		if err != nil {
			t.Fatalf("an accepted receipt, encoded, is refused: %v\n%s", err, a)
		}
		b, _ := back.Encode()
		if string(a) != string(b) {
			t.Fatalf("encode is not stable:\n%s\n%s", a, b)
		}
	})
}
