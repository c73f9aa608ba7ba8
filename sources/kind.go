package sources

import (
	"context"
	"reflect"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/prov"
)

// Env is what a source may use at run time besides its options. It never
// carries a context; that is passed to Resolve.
type Env struct {
	// FS is the file system, rooted at "/", that every path is read through.
	FS FS
}

// Output is what resolving a source yields.
type Output struct {
	// Value is the source's value, of the kind's ValueType.
	Value any
	// Diags are run-time warnings (unreadable files, invalid skills, ...).
	Diags diag.List
	// Origins lists the files that contributed to Value.
	Origins []prov.Origin
	// Excluded lists candidates that were considered and left out.
	Excluded []prov.Exclusion
	// Decision records what the kind chose that Value does not show
	// (which language a catalog picked, say), for reports; it may
	// implement role interfaces. Templates and expressions never see it.
	Decision any
}

// Kind is the factory of one source kind. Implementations must be safe for
// concurrent use: Options returns a fresh value on every call and Resolve
// keeps no state between calls.
type Kind interface {
	// Name is the identifier used in `kind:`.
	Name() string
	// Doc is a one-line summary for `promptc kinds` and error hints.
	Doc() string
	// Options returns a pointer to a new options struct holding the kind's
	// defaults. Fields are addressed by their `koanf` tag.
	Options() any
	// ValueType is the dynamic type of Output.Value; conditions and
	// templates are type-checked against it.
	ValueType() reflect.Type
	// Resolve computes the value from options that Options returned and the
	// engine filled in.
	Resolve(ctx context.Context, env Env, opts any) (Output, error)
}
