package frontmatter

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/promptc/promptc/internal/port/simpleyaml/simpleyamltest"
	"github.com/promptc/promptc/internal/testkit/suite"
)

// npmParse parses each document with the real npm yaml package, as pi
// does (YAML.parse), giving each result as JSON, or null for an error.
const npmParse = `
const YAML = require(process.argv[1]);
const docs = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = docs.map(d => { try { return {v: YAML.parse(d) ?? null}; } catch (e) { return {err: String(e.name)}; } });
process.stdout.write(JSON.stringify(out));
`

// npmSuite is the comparison with the real npm yaml: announced when it
// skips.
var npmSuite = &suite.Suite{Name: suite.NPMYAML}

// TestFastPathIsNPMYAML compares the fast path with the real npm yaml
// (the pi oracle's, $PI_ORACLE_DIR as .ci/run installs it): wherever the
// fast path takes a generated document, npm yaml parses it to the same
// mapping.
func TestFastPathIsNPMYAML(t *testing.T) {
	dir := os.Getenv("PI_ORACLE_DIR")
	mod := filepath.Join(dir, "node_modules", "yaml")
	if _, err := os.Stat(mod); dir == "" || err != nil {
		npmSuite.Skip(t, "set PI_ORACLE_DIR to an installed pi oracle (npm ci there)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		npmSuite.Skip(t, "no node")
	}
	docs := simpleyamltest.Documents(3000, 11)
	var npm []struct {
		V   any    `json:"v"`
		Err string `json:"err"`
	}
	if err := simpleyamltest.Parse(exec.Command(node, "-e", npmParse, mod), docs, &npm); err != nil || len(npm) != len(docs) {
		t.Fatalf("node printed %d results (%v), want %d", len(npm), err, len(docs))
	}
	simpleyamltest.Compare(t, docs, func(i int, d string) bool {
		m, ok := simpleMapping(d)
		if !ok {
			return false
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var got any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if npm[i].Err != "" || !reflect.DeepEqual(got, npm[i].V) {
			t.Errorf("%q: fast path %v; npm yaml %v %s", d, got, npm[i].V, npm[i].Err)
		}
		return true
	})
}
