package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// The harness works on case.json as Python dicts, which keep the order
// members are written in, and writes the params with json.dumps. Values
// here are decoded the same way: nil, bool, float64, string, []any and
// object, an ordered list of members (pytext.Truthy and pytext.Str apply).

// object is a JSON object with its members in order.
type object []member

type member struct {
	key string
	val any
}

// get returns the value of key and whether the object has it.
func (o object) get(key string) (any, bool) {
	for _, m := range o {
		if m.key == key {
			return m.val, true
		}
	}
	return nil, false
}

// getOr is Python's dict.get(key, def).
func (o object) getOr(key string, def any) any {
	if v, ok := o.get(key); ok {
		return v
	}
	return def
}

// set replaces key's value in place, or appends the member.
func (o *object) set(key string, val any) {
	for i, m := range *o {
		if m.key == key {
			(*o)[i].val = val
			return
		}
	}
	*o = append(*o, member{key, val})
}

// MarshalJSON writes the members in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := marshal(m.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal is json.Marshal without HTML escaping, like Python's json.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// dumps is json.dumps(v, ensure_ascii=False, indent=2) + "\n" as the
// harness writes the params file (up to Go's choice of escapes).
func dumps(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// decodeOrdered decodes one JSON document, keeping object member order.
func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := object{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				// A repeated key keeps its first place and its last value, as in Python.
				o.set(k.(string), v)
			}
			_, err := dec.Token() // '}'
			return o, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token() // ']'
			return a, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return tok, nil // nil, bool, float64, string
	}
}
