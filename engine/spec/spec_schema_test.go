package spec

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/schema"
)

// TestSpecMatchesSchema ties the pipeline's shape together: at every
// object of a pipeline document, the keys the JSON Schema accepts (which
// the loader's "did you mean" hints read, schema.Allowed) are exactly the
// koanf keys of the struct the document decodes into. A key added to one
// and not the other fails here.
func TestSpecMatchesSchema(t *testing.T) {
	// extends, pipeline, default_pipeline, on_failure and for are read before
	// decoding (extends.go, scope.go).
	checkShape(t, reflect.TypeOf(Spec{}), "", []string{"extends", "pipeline", "default_pipeline", "on_failure", "for"})
}

// narrowed are the keys a struct shared by two places decodes that the
// schema allows at only one of them: CapSpec is both a section's cap and
// a source's, and items is for sections only.
var narrowed = map[string][]string{"/sources/k/budget": {"items"}}

func checkShape(t *testing.T, typ reflect.Type, ptr string, extra []string) {
	t.Helper()
	var tags []string
	for f := range typ.Fields() {
		tag, _, _ := strings.Cut(f.Tag.Get("koanf"), ",")
		if tag == "" || tag == "-" {
			continue
		}
		tags = append(tags, tag)
		at := ptr + "/" + tag
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch {
		case ft.Kind() == reflect.Struct:
			checkShape(t, ft, at, nil)
		case ft.Kind() == reflect.Map && ft.Elem().Kind() == reflect.Struct:
			checkShape(t, ft.Elem(), at+"/k", nil)
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
			checkShape(t, ft.Elem(), at+"/0", nil)
		}
	}
	tags = append(tags, extra...)
	tags = slices.DeleteFunc(tags, func(k string) bool { return slices.Contains(narrowed[ptr], k) })
	slices.Sort(tags)
	if got := schema.Allowed(ptr + "/x"); !slices.Equal(got, tags) {
		t.Errorf("%s (%s): the schema allows %v, the struct decodes %v", ptr, typ.Name(), got, tags)
	}
}
