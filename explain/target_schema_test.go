package explain

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/schema"
)

// TestAnswersMatchTheSchema: every answer targetReport gives, in and out of
// the prompt, validates against schema/explain-target.schema.json, and the
// schema names every field of Answer and Where (so a field added to one is
// added to the other).
func TestAnswersMatchTheSchema(t *testing.T) {
	r := targetReport()
	for _, target := range []string{"./AGENTS.md", "./CLAUDE.md", "/p/.pi/skills/deploy/SKILL.md", "append", "body", "tool:grep", "section:context"} {
		ans, err := r.Ask(Query{Target: target, Cwd: "/p"})
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		CheckSchema(t, "explain-target.schema.json", schema.ExplainTargetJSON(), ans)
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
