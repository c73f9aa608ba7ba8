package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/promptc/promptc/schema"
)

// jsonSchema is the part of a JSON Schema (draft 7) the reference reads.
type jsonSchema struct {
	Description          string                 `json:"description"`
	Type                 any                    `json:"type"`
	Enum                 []any                  `json:"enum"`
	Const                any                    `json:"const"`
	Ref                  string                 `json:"$ref"`
	Required             []string               `json:"required"`
	Properties           map[string]*jsonSchema `json:"properties"`
	AdditionalProperties json.RawMessage        `json:"additionalProperties"`
	Items                *jsonSchema            `json:"items"`
	OneOf                []*jsonSchema          `json:"oneOf"`
	AnyOf                []*jsonSchema          `json:"anyOf"`
	Pattern              string                 `json:"pattern"`
	Definitions          map[string]*jsonSchema `json:"definitions"`
	order                []string               // Properties in the file's order
	defOrder             []string               // Definitions in the file's order
}

// pipelineFormatDoc is docs/reference/pipeline-format.md: every key of a
// pipeline or layer file, from the embedded JSON Schema (schema.JSON), in
// the schema's order: the top level, its inline objects, then each
// definition.
func pipelineFormatDoc() (string, error) {
	raw := schema.JSON()
	var s jsonSchema
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return "", err
	}
	if err := keyOrder([]byte(raw), &s); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# Pipeline format\n\n" + generatedNote)
	b.WriteString("Every key of a pipeline file, and of a layer or overlay (the same keys, merged over a base), from\n")
	b.WriteString("[`schema/pipeline.schema.json`](../../schema/pipeline.schema.json) (`promptc schema` prints it; point\n")
	b.WriteString("an editor at it). `promptc validate FILE` checks a file against it and compiles it. A guided tour:\n")
	b.WriteString("[docs/guide/pipelines.md](../guide/pipelines.md).\n\n")
	fmt.Fprintf(&b, "%s\n", sentence(s.Description))
	objectDoc(&b, "Top level", "", &s)
	for _, n := range s.defOrder {
		d := s.Definitions[n]
		if d.Properties == nil {
			fmt.Fprintf(&b, "\n## %s\n\n%s%s\n", n, sentenceNL(d.Description), "A "+typeOf(d)+".")
			continue
		}
		objectDoc(&b, n, "", d)
	}
	return b.String(), nil
}

// objectDoc writes a heading and the table of an object's keys, then a
// section for each key whose value is an inline object with keys.
func objectDoc(b *strings.Builder, heading, prefix string, s *jsonSchema) {
	fmt.Fprintf(b, "\n## %s\n\n", heading)
	if heading != "Top level" && s.Description != "" {
		b.WriteString(sentence(s.Description) + "\n\n")
	}
	b.WriteString("| key | type | meaning |\n| --- | --- | --- |\n")
	var nested []string
	for _, k := range s.order {
		p := s.Properties[k]
		req := ""
		if contains(s.Required, k) {
			req = " (required)"
		}
		desc := p.Description
		if desc == "" && p.Items != nil {
			desc = p.Items.Description
		}
		fmt.Fprintf(b, "| `%s%s` | %s%s | %s |\n", prefix, k, typeOf(p), req, cell(desc))
		if p.Properties != nil && p.Ref == "" {
			nested = append(nested, k)
		}
	}
	for _, k := range nested {
		objectDoc(b, prefix+k, prefix+k+".", s.Properties[k])
	}
}

// typeOf is a schema's type in words: a definition by link, an enum by
// its values, a map or list by its elements.
func typeOf(s *jsonSchema) string {
	switch {
	case s == nil:
		return "any"
	case s.Ref != "":
		name := strings.TrimPrefix(s.Ref, "#/definitions/")
		return fmt.Sprintf("[%s](#%s)", name, anchor(name))
	case s.Const != nil:
		return fmt.Sprintf("`%v`", s.Const)
	case s.Enum != nil:
		vals := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			vals[i] = fmt.Sprintf("`%v`", v)
		}
		return strings.Join(vals, " \\| ")
	case len(s.OneOf) > 0 || len(s.AnyOf) > 0:
		var alts []string
		for _, a := range append(append([]*jsonSchema(nil), s.OneOf...), s.AnyOf...) {
			alts = append(alts, typeOf(a))
		}
		return strings.Join(alts, " or ")
	}
	var t string
	switch v := s.Type.(type) {
	case string:
		t = v
	case []any:
		var ts []string
		for _, x := range v {
			ts = append(ts, fmt.Sprint(x))
		}
		t = strings.Join(ts, " or ")
	}
	switch t {
	case "array":
		return "list of " + typeOf(s.Items)
	case "object":
		if s.Properties == nil && len(s.AdditionalProperties) > 0 && string(s.AdditionalProperties) != "false" && string(s.AdditionalProperties) != "true" {
			var v jsonSchema
			if json.Unmarshal(s.AdditionalProperties, &v) == nil {
				return "map of " + typeOf(&v)
			}
		}
		return "object"
	case "":
		return "any"
	}
	return t
}

// keyOrder records each object's keys in the order the file writes them
// (encoding/json's maps lose it), recursively.
func keyOrder(raw []byte, s *jsonSchema) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil // not an object
	}
	if p, ok := fields["properties"]; ok {
		keys, err := objectKeys(p)
		if err != nil {
			return err
		}
		s.order = keys
		var props map[string]json.RawMessage
		if err := json.Unmarshal(p, &props); err != nil {
			return err
		}
		for k, v := range props {
			if err := keyOrder(v, s.Properties[k]); err != nil {
				return err
			}
		}
	}
	if it, ok := fields["items"]; ok && s.Items != nil {
		if err := keyOrder(it, s.Items); err != nil {
			return err
		}
	}
	if d, ok := fields["definitions"]; ok {
		keys, err := objectKeys(d)
		if err != nil {
			return err
		}
		var defs map[string]json.RawMessage
		if err := json.Unmarshal(d, &defs); err != nil {
			return err
		}
		for k, v := range defs {
			if err := keyOrder(v, s.Definitions[k]); err != nil {
				return err
			}
		}
		s.defOrder = keys
	}
	return nil
}

// objectKeys lists a JSON object's keys in order.
func objectKeys(raw json.RawMessage) ([]string, error) {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// cell makes a description fit a table cell.
func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ")
}

func sentence(s string) string {
	if s == "" || strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

func sentenceNL(s string) string {
	if s == "" {
		return ""
	}
	return sentence(s) + " "
}
