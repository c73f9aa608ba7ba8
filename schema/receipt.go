package schema

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

//go:embed receipt.json
var receiptJSON string

// ReceiptJSON returns the JSON Schema of build receipts (package receipt).
func ReceiptJSON() string { return receiptJSON }

const receiptURL = "https://promptc.dev/schema/receipt.json"

var receiptCompiled = sync.OnceValues(func() (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft7
	if err := c.AddResource(receiptURL, strings.NewReader(receiptJSON)); err != nil {
		return nil, err
	}
	return c.Compile(receiptURL)
})

// ValidateReceipt checks doc (a JSON value decoded with UseNumber, or
// with plain float64 numbers) against the receipt schema and returns
// every violation, sorted by pointer, worded as [Validate] words them.
func ValidateReceipt(doc any) ([]Violation, error) {
	s, err := receiptCompiled()
	if err != nil {
		return nil, fmt.Errorf("receipt schema: %w", err)
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
	for i := range out {
		v := &out[i]
		v.Allowed = nil // translate lists the pipeline schema's keys
		v.Message = strings.TrimPrefix(v.Message, "invalid identifier: ")
		if v.Pointer == "/receipt" {
			v.Message = "unsupported receipt format version (this promptc reads receipt: 1)"
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pointer < out[j].Pointer })
	return dedupe(out), nil
}
