package sources

import (
	"fmt"
	"strings"
)

// Options are decoded from the pipeline's literal `with:` settings when it
// is compiled, and from evaluated `args:` before each resolve. Two hooks
// let a kind reject bad options while decoding rather than while running:
//
//   - An option of a type that implements encoding.TextUnmarshaler is
//     decoded from a string by its UnmarshalText; enum-like options are
//     named string types whose UnmarshalText calls [ParseEnum].
//   - An options struct that implements [OptionChecker] has rules across
//     fields checked after decoding.

// EnumError reports an option value outside its fixed set.
type EnumError struct {
	Value   string
	Allowed []string
}

func (e *EnumError) Error() string {
	var quoted []string
	empty := ""
	for _, a := range e.Allowed {
		if a == "" {
			empty = ` (or "")`
			continue
		}
		quoted = append(quoted, fmt.Sprintf("%q", a))
	}
	return fmt.Sprintf("%q is not one of %s%s", e.Value, strings.Join(quoted, ", "), empty)
}

// Enum is implemented by enum-like option types: named string types whose
// values are one of a fixed set. `promptc kinds` lists the set.
type Enum interface {
	// EnumValues lists the allowed values; "" among them means the
	// option may be left empty.
	EnumValues() []string
}

// ParseEnum sets *dst to text when text is one of T's values, and otherwise
// fails with an *EnumError. It is the body of an enum type's UnmarshalText:
//
//	func (s *StopRule) UnmarshalText(b []byte) error { return sources.ParseEnum(s, b) }
func ParseEnum[T interface {
	~string
	Enum
}](dst *T, text []byte) error {
	allowed := (*dst).EnumValues()
	for _, a := range allowed {
		if a == string(text) {
			*dst = T(a)
			return nil
		}
	}
	return &EnumError{Value: string(text), Allowed: allowed}
}

// OptionChecker is implemented by options structs that have rules across
// fields. The engine calls CheckOptions when the pipeline is compiled, with
// the kind's defaults and the literal `with:` settings applied; pending
// then reports the options that `args:` will set at run time, and a rule
// that depends on one of them must hold off. It is called again before
// every resolve, with all options set and pending always false. An error
// is a pipeline error positioned at the source.
type OptionChecker interface {
	CheckOptions(pending func(option string) bool) error
}
