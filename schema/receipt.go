package schema

import (
	_ "embed"
	"strings"
)

//go:embed receipt.json
var receiptJSON string

// ReceiptJSON returns the JSON Schema of build receipts (package receipt).
func ReceiptJSON() string { return receiptJSON }

const receiptURL = "https://promptc.dev/schema/receipt.json"

var receiptCompiled = compileOnce(receiptURL, receiptJSON)

// ValidateReceipt checks doc (a JSON value decoded with UseNumber, or
// with plain float64 numbers) against the receipt schema and returns
// every violation, sorted by pointer, worded as [Validate] words them.
func ValidateReceipt(doc any) ([]Violation, error) {
	return validate("receipt", receiptCompiled, doc, func(v *Violation) {
		v.Allowed = nil // translate lists the pipeline schema's keys
		v.Message = strings.TrimPrefix(v.Message, "invalid identifier: ")
		if v.Pointer == "/receipt" {
			v.Message = "unsupported receipt format version (this promptc reads receipt: 1)"
		}
	})
}
