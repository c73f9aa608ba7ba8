package main

import (
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"

	"github.com/promptc/promptc/schema"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/builtin"
)

// cmdKinds lists the source kinds a pipeline may use, each with its
// summary and options (name and Go type), for pipeline authors.
func cmdKinds(args []string, stdout io.Writer) error {
	p, done, err := parseCommand("kinds", args, []flagDef{{"help", boolFlag, ""}}, 1, stdout)
	if err != nil || done {
		return err
	}
	kinds := builtin.Kinds()
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].Name() < kinds[j].Name() })
	var b strings.Builder
	for _, k := range kinds {
		if len(p.args) == 1 && p.args[0] != k.Name() {
			continue
		}
		vt := k.ValueType()
		fmt.Fprintf(&b, "%s\n  %s\n  value: %s\n", k.Name(), k.Doc(), typeString(vt))
		if vt.Kind() == reflect.Struct {
			for i := 0; i < vt.NumField(); i++ {
				if f := vt.Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
					fmt.Fprintf(&b, "    .%-21s %s\n", f.Name, typeString(f.Type))
				}
			}
		}
		b.WriteString("  options:\n")
		fields := sources.Fields(k.Options())
		for _, name := range sources.FieldNames(k.Options()) {
			fmt.Fprintf(&b, "    %-22s %s\n", name, typeString(fields[name]))
		}
	}
	if b.Len() == 0 {
		return usageError{fmt.Sprintf("no source kind %q (see 'promptc kinds')", p.args[0])}
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// typeString names a Go type as expressions see it.
func typeString(t reflect.Type) string {
	return strings.ReplaceAll(t.String(), "interface {}", "any")
}

// cmdSchema prints the JSON Schema of pipeline files (default) or of the
// `explain --json` report, for editors and validators.
func cmdSchema(args []string, stdout io.Writer) error {
	p, done, err := parseCommand("schema", args, []flagDef{{"help", boolFlag, ""}}, 1, stdout)
	if err != nil || done {
		return err
	}
	which := "pipeline"
	if len(p.args) == 1 {
		which = p.args[0]
	}
	switch which {
	case "pipeline":
		_, err = io.WriteString(stdout, schema.JSON())
	case "explain":
		_, err = io.WriteString(stdout, schema.ExplainJSON())
	default:
		return usageError{fmt.Sprintf("schema %q: want pipeline or explain", which)}
	}
	return err
}
