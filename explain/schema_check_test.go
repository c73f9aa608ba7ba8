package explain

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// CheckSchema fails t unless v, marshalled to JSON, validates against
// the draft-7 schema text (named name in errors). Exported for the
// external tests of the package.
func CheckSchema(t testing.TB, name, text string, v any) {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft7
	if err := c.AddResource(name, strings.NewReader(text)); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(doc); err != nil {
		t.Errorf("%s: %s: %#v", name, b, err)
	}
}
