package pyyaml

import (
	"os/exec"
	"testing"

	"github.com/promptc/promptc/internal/port/simpleyaml/simpleyamltest"
	"github.com/promptc/promptc/internal/testkit/suite"
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

// pyyamlSuite is the comparison with the real PyYAML: announced when it
// skips.
var pyyamlSuite = &suite.Suite{Name: suite.PyYAML}

// TestFastPathIsPyYAML compares the fast path with the real PyYAML (the
// python3 on PATH, which the CowAgent oracle uses too): wherever the fast
// path takes a generated document, safe_load gives the same value.
func TestFastPathIsPyYAML(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil || exec.Command(py, "-c", "import yaml").Run() != nil {
		pyyamlSuite.Skip(t, "no python3 with PyYAML")
	}
	docs := simpleyamltest.Documents(3000, 11)
	var real []struct {
		V   string `json:"v"`
		Err string `json:"err"`
	}
	if err := simpleyamltest.Parse(exec.Command(py, "-c", pyParse), docs, &real); err != nil || len(real) != len(docs) {
		t.Fatalf("python3 printed %d results (%v), want %d", len(real), err, len(docs))
	}
	simpleyamltest.Compare(t, docs, func(i int, d string) bool {
		v, ok := simpleLoad(d)
		if !ok {
			return false
		}
		if got := Repr(v); real[i].Err != "" || got != real[i].V {
			t.Errorf("%q: fast path %s; PyYAML %s %s", d, got, real[i].V, real[i].Err)
		}
		return true
	})
}
