// Package simpleyamltest makes front-matter documents for tests that
// compare simpleyaml's fast path with the real YAML libraries (npm yaml,
// PyYAML): the shapes the fast path takes, and near misses it must leave
// to the parser.
package simpleyamltest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// words are the pieces of values: plain words, and tricky ones (YAML
// indicators, words the libraries type, quotes, non-ASCII, escapes and
// a tab), one in six.
var (
	words  = []string{"a", "skill", "Run", "the", "tests.", "files,", "(x)", "caf\u00e9", "\u2014", "x|y", "a-b", "c/d", "e=f"}
	tricky = []string{
		"b:", "c #d", "#e", "- f", "? g", "'h'", `"i"`, "j:k", ">z", "[w]", "{v}", "!t", "&u", "*s", "%r", "@q", "`p`",
		"0", "1.5", "true", "yes", "No", "null", "~", "---", "...", `o\n`, "\t",
	}
)

// Documents returns n documents made from seed: mappings of one to four
// keys whose values are plain, quoted, block (|, |-, >, >- and a few
// headers the fast path refuses) or flow, or nested mappings; about a
// third end without a final line break.
func Documents(n int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	docs := make([]string, n)
	for i := range docs {
		var b strings.Builder
		keys := []string{"name", "description", "k", "m-x", "_y"}
		r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		for _, k := range keys[:1+r.IntN(4)] {
			b.WriteString(k + ":")
			value(r, &b, 0)
		}
		d := b.String()
		if r.IntN(3) == 0 {
			d = strings.TrimRight(d, "\n")
		}
		docs[i] = d
	}
	return docs
}

// value writes a value after "key:" at indentation depth (in spaces).
func value(r *rand.Rand, b *strings.Builder, depth int) {
	pad := strings.Repeat(" ", depth)
	switch n := r.IntN(10); {
	case n < 5:
		headers := []string{"|", "|-", ">", ">-", "|+", ">2", "> #c"}
		h := headers[r.IntN(len(headers))]
		if r.IntN(3) > 0 {
			h = headers[r.IntN(4)]
		}
		b.WriteString(" " + h + "\n")
		indent := depth + 1 + r.IntN(3)
		for l := range 1 + r.IntN(4) {
			in := indent
			if r.IntN(12) == 0 {
				in += 1 // a more indented line
			}
			b.WriteString(strings.Repeat(" ", in) + phrase(r))
			if r.IntN(15) == 0 {
				b.WriteString(" ") // a trailing space
			}
			b.WriteString("\n")
			if r.IntN(12) == 0 && l > 0 {
				b.WriteString("\n") // an empty line inside or after
			}
		}
	case n < 7:
		b.WriteString(" " + phrase(r) + "\n")
	case n < 8:
		q := []string{`"`, "'"}[r.IntN(2)]
		b.WriteString(" " + q + phrase(r) + q + "\n")
	case n < 9:
		b.WriteString(" {a: " + word(r) + ", b: [c, " + word(r) + "]}\n")
	default:
		if depth >= 4 {
			b.WriteString(" x\n")
			return
		}
		b.WriteString("\n")
		for _, k := range []string{"p", "q"}[:1+r.IntN(2)] {
			b.WriteString(pad + "  " + k + ":")
			value(r, b, depth+2)
		}
	}
}

func phrase(r *rand.Rand) string {
	p := make([]string, 1+r.IntN(4))
	for i := range p {
		p[i] = word(r)
	}
	return strings.Join(p, " ")
}

func word(r *rand.Rand) string {
	if r.IntN(6) == 0 {
		return tricky[r.IntN(len(tricky))]
	}
	return words[r.IntN(len(words))]
}

// Parse runs cmd (a real YAML library's script) with docs on its standard
// input as a JSON array, and decodes what it prints (a JSON array of one
// result per document) into results.
func Parse(cmd *exec.Cmd, docs []string, results any) error {
	in, err := json.Marshal(docs)
	if err != nil {
		return err
	}
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s: %w", cmd.Path, err)
	}
	return json.Unmarshal(out, results)
}

// Compare calls same for every document, which compares the fast path
// with the library's result i when the fast path takes the document and
// reports whether it did; it fails t when the fast path took less than a
// fifth of them (the generator would no longer test it).
func Compare(t testing.TB, docs []string, same func(i int, doc string) (taken bool)) {
	t.Helper()
	taken := 0
	for i, d := range docs {
		if same(i, d) {
			taken++
		}
	}
	if taken < len(docs)/5 {
		t.Errorf("the fast path took %d of %d documents: the generator no longer tests it", taken, len(docs))
	}
	t.Logf("the fast path took %d of %d documents", taken, len(docs))
}
