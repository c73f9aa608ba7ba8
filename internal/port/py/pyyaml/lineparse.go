package pyyaml

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
)

// LineParse is CowAgent's own front-matter parser (agent/skills/
// frontmatter.py), used when PyYAML fails on the text (spec R-X-3). Each
// line of text (split on "\n") is stripped; empty lines and lines
// starting with "#" are skipped; a line with a ":" is split at the first
// one into a stripped key and value. A value starting with "{" or "["
// that json.loads accepts becomes that value; "true"/"false" in any case
// become booleans; a value of only digits (str.isdigit) becomes an int;
// anything else stays a string, quotes included. Nested keys are simply
// more lines, so a "metadata:" block loses its structure.
//
// It fails where CowAgent's code raises out of the parser: a value that
// str.isdigit accepts but int() does not (superscripts, circled digits:
// ValueError), and JSON nested too deeply (RecursionError).
func LineParse(text string) (*Dict, error) {
	d := NewDict()
	for _, line := range strings.Split(text, "\n") {
		line = pytext.Strip(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, value = pytext.Strip(key), pytext.Strip(value)
		var v any = value
		switch {
		case strings.HasPrefix(value, "{") || strings.HasPrefix(value, "["):
			j, err := LoadJSON(value)
			var re RecursionError
			switch {
			case errors.As(err, &re):
				return nil, err
			case err == nil:
				v = j
			}
		case strings.ToLower(value) == "true" || strings.ToLower(value) == "false":
			v = strings.ToLower(value) == "true"
		case isDigits(value):
			n, err := decimalInt(value)
			if err != nil {
				return nil, err
			}
			v = n
		}
		_ = d.Set(key, v)
	}
	return d, nil
}

// isDigits is str.isdigit.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !isDigit(r) {
			return false
		}
	}
	return true
}

// decimalInt is int(s) for a string of digits.
func decimalInt(s string) (*big.Int, error) {
	var b strings.Builder
	for _, r := range s {
		d, ok := decimalValue(r)
		if !ok {
			return nil, fmt.Errorf("invalid literal for int() with base 10: %s", quoteRepr(s))
		}
		b.WriteByte(byte('0' + d))
	}
	n, _ := new(big.Int).SetString(b.String(), 10)
	return n, nil
}
