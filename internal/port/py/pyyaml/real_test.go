package pyyaml

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/promptc/promptc/internal/port/simpleyaml/simpleyamltest"
)

// pyParse loads each document with the real PyYAML (yaml.safe_load, as
// CowAgent does), giving the repr of each result, or the error's type.
const pyParse = `
import json, sys, yaml
out = []
for d in json.load(sys.stdin):
    try:
        out.append({"v": repr(yaml.safe_load(d))})
    except Exception as e:
        out.append({"err": type(e).__name__})
json.dump(out, sys.stdout)
`

// TestFastPathIsPyYAML compares the fast path with the real PyYAML (the
// python3 on PATH, which the CowAgent oracle uses too): wherever the fast
// path takes a generated document, safe_load gives the same value.
func TestFastPathIsPyYAML(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil || exec.Command(py, "-c", "import yaml").Run() != nil {
		t.Skip("no python3 with PyYAML")
	}
	docs := simpleyamltest.Documents(3000, 11)
	in, err := json.Marshal(docs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", pyParse)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var real []struct {
		V   string `json:"v"`
		Err string `json:"err"`
	}
	if err := json.Unmarshal(out, &real); err != nil || len(real) != len(docs) {
		t.Fatalf("python3 printed %d results (%v), want %d", len(real), err, len(docs))
	}
	taken := 0
	for i, d := range docs {
		v, ok := simpleLoad(d)
		if !ok {
			continue
		}
		taken++
		if got := Repr(v); real[i].Err != "" || got != real[i].V {
			t.Errorf("%q: fast path %s; PyYAML %s %s", d, got, real[i].V, real[i].Err)
		}
	}
	if taken < len(docs)/5 {
		t.Errorf("the fast path took %d of %d documents: the generator no longer tests it", taken, len(docs))
	}
	t.Logf("the fast path took %d of %d documents", taken, len(docs))
}
