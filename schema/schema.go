// Package schema embeds the JSON Schema of promptc pipeline files and
// validates decoded pipelines against it. Violations come back as JSON
// pointers with plain-language messages; callers map pointers to file
// positions. The library's raw error tree is never shown to users.
package schema

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

//go:embed pipeline.schema.json
var pipelineJSON string

// JSON returns the pipeline schema document.
func JSON() string { return pipelineJSON }

// Violation is one schema error.
type Violation struct {
	// Pointer is the JSON pointer of the offending value. For an unknown
	// key it points at the key itself (AtKey is then true).
	Pointer string
	AtKey   bool
	Message string
	// Unknown is the unknown key for additionalProperties violations and
	// Allowed the keys that would have been accepted.
	Unknown string
	Allowed []string
}

// pipelineURL is the schema's $id. The compiler is given this absolute
// URL: a relative one would be resolved against the process's working
// directory, which may not exist.
const pipelineURL = "https://promptc.dev/schema/pipeline.schema.json"

var compiled = compileOnce(pipelineURL, pipelineJSON)

// compileOnce returns a function that compiles the draft-7 schema text,
// whose $id is url, on its first call and returns the same result after.
func compileOnce(url, text string) func() (*jsonschema.Schema, error) {
	return sync.OnceValues(func() (*jsonschema.Schema, error) {
		c := jsonschema.NewCompiler()
		c.Draft = jsonschema.Draft7
		if err := c.AddResource(url, strings.NewReader(text)); err != nil {
			return nil, err
		}
		return c.Compile(url)
	})
}

// Validate checks doc (a decoded YAML/JSON value) against the pipeline
// schema and returns every violation, sorted by pointer.
func Validate(doc any) ([]Violation, error) {
	return validate("pipeline", compiled, doc, nil)
}

// validate checks doc against the schema compile gives (named what in
// its errors) and returns every leaf violation, each reworded by fix when
// fix is not nil, sorted by pointer, without repeats.
func validate(what string, compile func() (*jsonschema.Schema, error), doc any, fix func(*Violation)) ([]Violation, error) {
	s, err := compile()
	if err != nil {
		return nil, fmt.Errorf("%s schema: %w", what, err)
	}
	err = s.Validate(jsonValue(doc))
	if err == nil {
		return nil, nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, err
	}
	var out []Violation
	leaves(ve, &out)
	if fix != nil {
		for i := range out {
			fix(&out[i])
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pointer < out[j].Pointer })
	return dedupe(out), nil
}

func leaves(ve *jsonschema.ValidationError, out *[]Violation) {
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			leaves(c, out)
		}
		return
	}
	*out = append(*out, translate(ve)...)
}

func dedupe(vs []Violation) []Violation {
	seen := map[string]bool{}
	out := vs[:0]
	for _, v := range vs {
		k := v.Pointer + "\x00" + v.Message
		if !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	return out
}

// translate turns a library message into promptc's wording: one
// violation, or one per unknown key of an object.
func translate(ve *jsonschema.ValidationError) []Violation {
	v := Violation{Pointer: ve.InstanceLocation, Message: ve.Message}
	msg := ve.Message
	switch {
	case strings.HasPrefix(msg, "additionalProperties "):
		// additionalProperties 'foo', 'bar' not allowed
		names := quoted(msg)
		if len(names) == 0 {
			break
		}
		out := make([]Violation, 0, len(names))
		for _, name := range names {
			at := ve.InstanceLocation + "/" + escape(name)
			out = append(out, Violation{Pointer: at, AtKey: true, Message: fmt.Sprintf("unknown key %q", name), Unknown: name, Allowed: Allowed(at)})
		}
		return out
	case strings.HasPrefix(msg, "missing properties: "):
		names := quoted(msg)
		v.Message = fmt.Sprintf("missing required key %s", strings.Join(quoteAll(names), ", "))
	case strings.HasPrefix(msg, "does not match pattern "):
		v.Message = "invalid identifier: " + msg
		if strings.Contains(ve.KeywordLocation, "propertyNames") {
			v.AtKey = true
			v.Message = "invalid name: must match ^[a-z][a-z0-9_]*$ (lowercase letters, digits, underscores)"
		}
	case ve.InstanceLocation == "/promptc":
		v.Message = "unsupported pipeline format version (this promptc reads promptc: 1)"
	case strings.HasPrefix(msg, "expected "):
		v.Message = strings.Replace(msg, ", but got ", ", got ", 1)
	}
	return []Violation{v}
}

func quoted(msg string) []string {
	var out []string
	for {
		i := strings.IndexByte(msg, '\'')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(msg[i+1:], '\'')
		if j < 0 {
			return out
		}
		out = append(out, msg[i+1:i+1+j])
		msg = msg[i+j+2:]
	}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

func escape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// jsonValue converts YAML-decoded values (int64, nested maps) into the
// shapes the validator expects (json.Number for numbers).
func jsonValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = jsonValue(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = jsonValue(e)
		}
		return s
	case int:
		return json.Number(fmt.Sprint(x))
	case int64:
		return json.Number(fmt.Sprint(x))
	case float64:
		return json.Number(fmt.Sprint(x))
	}
	return v
}
