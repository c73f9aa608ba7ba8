package explain

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/promptc/promptc/schema"
)

// TestAnswersMatchTheSchema: every answer targetReport gives, in and out of
// the prompt, validates against schema/explain-target.schema.json, and the
// schema names every field of Answer and Where (so a field added to one is
// added to the other).
func TestAnswersMatchTheSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft7
	if err := c.AddResource("explain-target.schema.json", strings.NewReader(schema.ExplainTargetJSON())); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("explain-target.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	r := targetReport()
	for _, target := range []string{"./AGENTS.md", "./CLAUDE.md", "/p/.pi/skills/deploy/SKILL.md", "append", "body", "tool:grep", "section:context"} {
		ans, err := r.Ask(Query{Target: target, Cwd: "/p"})
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		b, err := json.Marshal(ans)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(doc); err != nil {
			t.Errorf("%s: %s: %#v", target, b, err)
		}
	}

	var raw struct {
		Properties map[string]struct {
			Properties map[string]any `json:"properties"`
		} `json:"properties"`
	}
	if err := json.Unmarshal([]byte(schema.ExplainTargetJSON()), &raw); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		typ   reflect.Type
		props []string
	}{
		{reflect.TypeOf(Answer{}), keys(raw.Properties)},
		{reflect.TypeOf(Where{}), keys(raw.Properties["where"].Properties)},
	} {
		for i := range c.typ.NumField() {
			name, _, _ := strings.Cut(c.typ.Field(i).Tag.Get("json"), ",")
			if !slices.Contains(c.props, name) {
				t.Errorf("%s.%s (json %q) is not in the schema", c.typ.Name(), c.typ.Field(i).Name, name)
			}
		}
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
